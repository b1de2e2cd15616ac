puts "never printed"
a = 1
b = 2
x = a +* b
puts x
