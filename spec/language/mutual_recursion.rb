def is_even(n)
  n == 0 ? true : is_odd(n - 1)
end
def is_odd(n)
  n == 0 ? false : is_even(n - 1)
end
p is_even(10)
p is_odd(10)
p is_even(7)
p is_odd(7)
def ack(m, n)
  if m == 0
    n + 1
  elsif n == 0
    ack(m - 1, 1)
  else
    ack(m - 1, ack(m, n - 1))
  end
end
p ack(2, 3)
