a, *b = 1, 2, 3
p [a, b]
*c, d = 1, 2, 3
p [c, d]
e, *f, g = 1, 2, 3, 4, 5
p [e, f, g]
h, *i, j = 1, 2
p [h, i, j]
k, *l = 1
p [k, l]
*m = nil
p m
n, o = *[1, 2], 3
p [n, o]
