a, b, c = 1, 2, 3
p [a, b, c]
a, b = b, a
p [a, b]
x, y = 1
p [x, y]
m, n = 1, 2, 3
p [m, n]
q, r = [4, 5]
p [q, r]
s = 6, 7
p s
t, = [8, 9]
p t
