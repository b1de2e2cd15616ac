def span(a, b, c = 1, d = 2)
  a + b + c + d
end
p span(1, 2)
p span(1)
