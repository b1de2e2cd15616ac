def add(a, b)
  a + b
end
p add(1, 2)
p add(1)
