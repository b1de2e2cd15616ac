a = [1, 2, 3]
a[0] += 10
a[-1] *= 2
a[1] ||= 99
a[5] ||= :new
p a
b = [nil, false, 0]
b[0] &&= :x
b[1] ||= :y
b[2] &&= :z
p b
s = "abc"
s[1] += "Z"
p s
