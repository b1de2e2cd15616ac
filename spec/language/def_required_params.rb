def add(a, b)
  a + b
end
p add(1, 2)
p add("x", "y")
p add(1.5, 2)
def three(a, b, c)
  a * 100 + b * 10 + c
end
p three(1, 2, 3)
def none
  "no params"
end
p none
p none()
