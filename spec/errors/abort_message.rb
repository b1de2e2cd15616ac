def check_config(ok)
  abort "fatal: cannot continue" unless ok
  puts "config ok"
end

puts "working"
check_config(true)
check_config(false)
puts "not reached"
