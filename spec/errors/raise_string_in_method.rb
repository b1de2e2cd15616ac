def check(x)
  raise "negative value: #{x}" if x < 0
  x
end

p check(1)
check(-5)
puts "not reached"
