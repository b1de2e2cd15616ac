r = 3.times { |i| print i, " " }
puts
p r
p 0.times { puts "never" }
p(-2.times { puts "never" })
sum = 0
10.times { |i| sum += i }
p sum
out = []
5.times do |i|
  next if i == 1
  break if i == 4
  out << i
end
p out
p(5.times { |i| break i * 100 if i == 2 })
