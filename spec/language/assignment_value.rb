a = b = 3
p a
p b
p(c = 5)
p c
d = (e = 2) + 1
p d
p e
x = 1
x = x + 1
x = x * 10
p x
