s = "a"
p s + "b"
p s + 1.to_s
puts "now the bad one"
p s + 1
