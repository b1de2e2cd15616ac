puts 1e20
puts 1e16
puts 1e15
puts 0.0001
puts 1.0e-5
puts 3.0
puts -2.5
puts 1.0 / 3
puts 1e20.to_s
puts 2.5.inspect
print 1.25, "\n"
