squares = []
i = 1
while i <= 5
  squares << i * i
  i = i + 1
end
p squares
puts squares
p squares[-1]
p squares.size
def evens_under(n)
  r = []
  k = 0
  while k < n
    r << k if k.even?
    k = k + 1
  end
  r
end
p evens_under(9)
