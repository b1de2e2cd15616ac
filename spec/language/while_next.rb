i = 0
while i < 10
  i = i + 1
  next if i.odd?
  print i, " "
end
puts
j = 0
until j == 6
  j = j + 1
  next 99 if j == 3
  puts j
end
k = 0
r = while k < 3
  k = k + 1
  next
end
p r
