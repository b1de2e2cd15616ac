s = "abc"
s << "def"
p s
r = s << "g"
p r
p r.equal?(s)
t = s
t << "!"
p s
u = ""
u << "x" << "y" << "z"
p u
v = "n:"
v << 1.to_s
p v
