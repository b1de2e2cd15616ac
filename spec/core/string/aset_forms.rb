# []= replaces a character, a span, a Range or a substring, and returns
# the value assigned.
s = "hello"
p(s[0] = "J")
p s
s[-1] = "y"
p s
s[1, 3] = "ipp"
p s
s[0, 0] = ">"
p s
s[1..2] = "Z"
p s
s["Z"] = "zz"
p s
s[s.length, 0] = "!"
p s
s[2..] = ""
p s
t = "abc"
t[3] = "d"
p t
t[1...1] = "-"
p t
u = "héllo"
u[1] = "e"
p u
u[-2..] = "日本"
p u
v = "abc"
v[1, 100] = "X"
p v
v[0, 1] = ""
p v
