a = nil
a ||= 1
p a
a ||= 2
p a
b = false
b ||= :set
p b
c = 5
c &&= c + 1
p c
d = nil
d &&= d + 1
p d
e ||= "was undefined"
p e
f &&= "never"
p f
