a = []
a << 1
a << "two"
p a
a << :three << nil
p a
p a.size
r = a << 5.5
p r
b = a
b << "shared"
p a
p a.size
c = [1]
c << c.size
p c
