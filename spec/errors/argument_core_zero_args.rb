s = "abc"
p s.length
p s.size
puts "calling length(1)"
p s.length(1)
