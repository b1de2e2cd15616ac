puts [1, 2, 3]
puts ["a", :b, nil, 2.5]
puts []
puts [1, [2, 3]]
print [1, 2], "\n"
p [1, 2, 3]
puts "x", [4, 5]
