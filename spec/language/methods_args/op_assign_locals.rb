a = 5
a += 3
p a
a -= 1
p a
a *= 2
p a
a /= 3
p a
a **= 2
p a
a %= 7
p a
s = "ab"
s += "c"
s *= 2
p s
arr = [1]
arr <<= 2
p arr
arr2 = [1]
arr2 += [2]
p arr2
b = 6
b <<= 2
b |= 1
b &= 0xff
b ^= 3
p b
