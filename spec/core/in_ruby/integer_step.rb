1.step(10, 3) { |i| print i, " " }
puts
10.step(1, -4) { |i| print i, " " }
puts
r = 0.step(6, 2) { |i| print i, " " }
puts
p r
p(1.step(100, 7) { |i| break i if i > 30 })
acc = []
5.step(5, 1) { |i| acc << i }
5.step(4, 1) { |i| acc << :never }
p acc
