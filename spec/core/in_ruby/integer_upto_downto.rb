r = 1.upto(4) { |i| print i, " " }
puts
p r
r2 = 4.downto(1) { |i| print i, " " }
puts
p r2
p 5.upto(3) { puts "never" }
p 3.downto(5) { puts "never" }
acc = []
10.downto(7) { |i| acc << i * 2 }
p acc
p(1.upto(10) { |i| break i if i * i > 20 })
