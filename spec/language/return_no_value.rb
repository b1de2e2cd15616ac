def nothing
  return
end
p nothing
def maybe(x)
  return unless x
  "x is #{x}"
end
p maybe(nil)
p maybe(3)
def deep(n)
  while true
    if n > 3
      return
    end
    n = n + 1
  end
end
p deep(0)
def from_loop
  i = 0
  while i < 10
    i = i + 1
    return i * 100 if i == 4
  end
end
p from_loop
