i = 0
while i < 3
  j = 0
  while true
    break if j == 2
    print i, j, " "
    j = j + 1
  end
  i = i + 1
end
puts
a = 0
while a < 4
  a = a + 1
  b = 0
  while b < 4
    b = b + 1
    next if b == a
    break if b > 2
    print a, b, " "
  end
end
puts
