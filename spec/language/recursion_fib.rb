def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end
p fib(0)
p fib(1)
p fib(10)
p fib(20)
def fib_iter(n)
  a = 0
  b = 1
  while n > 0
    t = a + b
    a = b
    b = t
    n = n - 1
  end
  a
end
p fib_iter(90)
p fib_iter(100)
p fib_iter(150)
