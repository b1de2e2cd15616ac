a = puts
p a
b = print
p b
c = p 7
p c
d = p 1, 2
p d
e = p(nil)
p e
