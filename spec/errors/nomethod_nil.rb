puts "start"
x = nil
p x
x.upcase
puts "never"
