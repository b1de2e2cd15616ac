def scale(x, factor = 2, offset = 0)
  x * factor + offset
end
p scale(3)
p scale(3, 10)
p scale(3, 10, 1)
p scale(nil, 10)
