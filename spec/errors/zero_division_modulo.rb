p 7 % 2
p -7 % 2
puts "modulo zero"
p 7 % 0
puts "never"
