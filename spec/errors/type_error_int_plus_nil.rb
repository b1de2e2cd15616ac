puts "start"
a = 1
b = nil
p a + 1
p a + b
