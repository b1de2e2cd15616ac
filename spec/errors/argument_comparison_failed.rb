a = 1
b = "a"
p a < 2
p a == b
p a <=> b
p a < b
puts "never"
