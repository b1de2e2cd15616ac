r = (a, b = 1, 2)
p r
r2 = (c, d = [3, 4])
p r2
x = (e, f = 5)
p x
p((g, h = nil))
def pair = [10, 20]
p((i, j = pair))
