x = 5
p x > 3 ? "big" : "small"
p x > 9 ? "big" : "small"
y = x.even? ? :even : :odd
p y
p nil ? 1 : 2
p 0 ? 1 : 2
z = x < 0 ? "neg" : x == 0 ? "zero" : "pos"
p z
def sign(n)
  n < 0 ? -1 : n > 0 ? 1 : 0
end
p sign(-9)
p sign(0)
p sign(9)
