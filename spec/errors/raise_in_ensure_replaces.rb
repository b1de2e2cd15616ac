def work
  raise "original"
ensure
  puts "cleanup"
  raise "from ensure"
end
work
