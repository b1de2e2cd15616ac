puts "never printed"
yield
