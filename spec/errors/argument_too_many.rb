def one(a)
  a
end
p one(1)
p one(1, 2, 3)
