# values_at with indexes, names and ranges.
m = /(\d)(\d)(\d)/.match("a123b")
p m.values_at(0, 2, -1), m.values_at(1..2), m.values_at(2..6), m.values_at(0, 1..1, 3)
n = /(?<x>.)(?<y>.)/.match("ab")
p n.values_at(:y, "x", 0)
