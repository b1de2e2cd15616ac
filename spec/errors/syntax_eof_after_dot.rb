puts "never printed"
x = 1
y = x.
