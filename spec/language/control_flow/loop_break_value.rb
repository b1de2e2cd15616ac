i = 0
r = loop do
  i += 1
  next if i == 2
  print i, " "
  break i * 10 if i >= 4
end
puts
p r
n = 0
loop { n += 1; break if n == 3 }
p n
