def level(n)
  puts "enter #{n}"
  if n == 3
    raise "deep"
  else
    level(n + 1)
  end
ensure
  puts "ensure #{n}"
end

begin
  level(1)
rescue => e
  puts "rescued #{e.message}"
end
