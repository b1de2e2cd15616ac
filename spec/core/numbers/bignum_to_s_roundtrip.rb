n = 3**200
s = n.to_s
p s.size
p Integer(s) == n
p (-n).to_s(36).size
p Integer((-n).to_s(16), 16) == -n
p (2**64).to_s(16)
p (2**64 - 1).to_s(2).count("1")
