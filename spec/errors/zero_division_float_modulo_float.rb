def m(a, b)
  a % b
end
x = 1.5
p m(x, 2.0)
p m(x, 0.5)
m(x, 0.0)
