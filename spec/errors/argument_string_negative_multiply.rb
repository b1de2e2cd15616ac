s = "ab"
p s * 2
p s * 0
n = -1
p s * n
