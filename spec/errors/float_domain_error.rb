p 1.5.to_i
p -2.5.to_i
inf = 1.0 / 0
p inf
p inf.to_i
