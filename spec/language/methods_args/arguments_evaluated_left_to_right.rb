def show(*args)
  p args
end

def v(x)
  print x, " "
  x
end
show(v(1), v(2), v(3))
show(v(:a), *[v(:b), v(:c)], k: v(:d))
i = 0
show(i += 1, i += 1, i)
