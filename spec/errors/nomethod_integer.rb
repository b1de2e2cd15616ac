n = 5
p n
p n.to_s
p n.to_s.upcase
n.upcase
