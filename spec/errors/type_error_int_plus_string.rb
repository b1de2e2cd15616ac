a = 1
p a + 1
p a.to_s + "a"
puts "now the bad one"
p a + "a"
