def f(a, b = 2)
  a * b
end
p f(3)
p(f(3))
p(f 3, 4)
p((f 5))
puts(f(1), f(2, 3))
x = f(f(2))
p x
puts f 7
