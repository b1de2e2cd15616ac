def check(n)
  if n > 2
    n.undefined_call
  end
  n
end
def run(limit)
  i = 0
  while i < limit
    p check(i)
    i = i + 1
  end
end
run(5)
