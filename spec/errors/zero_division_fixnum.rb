puts "dividing"
p 10 / 2
d = 0
p 10 / d
puts "never"
