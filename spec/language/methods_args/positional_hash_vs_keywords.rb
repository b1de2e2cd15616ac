def pos(h)
  h
end

def kw(**h)
  h
end

def opt_and_kw(a = :none, **k)
  [a, k]
end

p pos(a: 1)
p pos({ a: 1 })
p kw(a: 1)
h = { b: 2 }
p kw(**h)
p opt_and_kw(h)
p opt_and_kw(**h)
p opt_and_kw(1, **h)
