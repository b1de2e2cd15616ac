for i in 1..10
  next if i.odd?
  break if i > 6
  print i, " "
end
puts
p i
total = 0
for k in 1...4
  total += k
end
p total
res = for j in [1, 2, 3]
  break j * 100 if j == 2
end
p res
