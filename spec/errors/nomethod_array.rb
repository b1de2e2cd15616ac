a = [1, 2]
p a
p a.size
a << 3
a.frobnicate
