def average(total, count)
  total / count
end
p average(10, 2)
p average(10, 0)
