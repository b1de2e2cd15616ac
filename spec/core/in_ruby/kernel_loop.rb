i = 0
r = loop do
  i += 1
  next if i.odd?
  break i if i > 5
end
p r
p(loop { break })
p(loop { raise StopIteration })
j = 0
loop do
  j += 1
  break unless j < 4
end
p j
