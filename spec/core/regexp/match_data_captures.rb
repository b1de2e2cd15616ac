# captures, to_a, size and length.
m = /(a)(b)?(c)/.match("xac")
p m.captures, m.to_a, m.size, m.length
p(/x/.match("x").captures, /x/.match("x").to_a, /x/.match("x").size)
a, b, c = m.captures
p a, b, c
