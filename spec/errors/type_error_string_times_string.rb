s = "a"
p s * 3
p s * 1
puts "now the bad one"
p s * "b"
