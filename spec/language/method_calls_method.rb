def square(x)
  x * x
end
def sum_of_squares(a, b)
  square(a) + square(b)
end
def hyp2(a, b = a)
  sum_of_squares(a, b)
end
p hyp2(3, 4)
p hyp2(5)
def defined_later_caller
  defined_later(1)
end
def defined_later(x)
  x + 100
end
p defined_later_caller
