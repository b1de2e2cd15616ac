def fact(n)
  n <= 1 ? 1 : n * fact(n - 1)
end
p fact(0)
p fact(5)
p fact(20)
p fact(21)
p fact(30)
p fact(50)
p fact(21).class
p fact(25) / fact(23)
p fact(25) / fact(23) == 600
