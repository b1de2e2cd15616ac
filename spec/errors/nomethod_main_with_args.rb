x = 1
y = 2
puts "calling foo 1, 2"
foo x, y
puts "never"
