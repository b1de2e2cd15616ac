puts "one"
puts "a", "b", 3
puts
puts nil
puts "x\n"
puts "y\n\n"
puts ""
puts 1.5, :sym, true
r = puts "ret"
p r
puts "end"
