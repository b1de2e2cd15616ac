a = 1 &&
  2
p a
b = nil ||
  "fallback"
p b
c = 10 -
  3
p c
d = "long" \
  "continued"
p d
e = "adjacent" "literals"
p e
