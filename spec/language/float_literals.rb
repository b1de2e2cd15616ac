p 1.5
p 2.0
p 1e10
p 1E3
p 1.5e-7
p 2.5e+3
p 0.5
p 100.0
p 3.14159
p -2.75
puts 1.5
puts 2.0
puts 1e10
x = 6.25
p x.class
