for x in [1, 2, 3]
  print x, " "
end
puts
p x
for a, b in [[1, 2], [3, 4]]
  p [a, b]
end
p [a, b]
r = for i in [10, 20] do end
p r
p i
