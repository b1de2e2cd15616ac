def box(w, h = w)
  w * h
end
p box(3)
p box(3, 4)
def line(a, b = a + 1, c = a + b)
  [a, b, c]
end
p line(1)
p line(1, 5)
p line(1, 5, 9)
def twice(s, t = s * 2)
  t
end
p twice("ab")
