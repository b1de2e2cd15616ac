# The example of seed 000 (call-target splitting): `add` sees Integers
# through one call of `double` and Strings through the other. Split per
# call site, each copy of `add` sees one kind.
def add(a, b)
  a + b
end

def double(x)
  add(x, x)
end

def calls_double(n)
  [double(n), double("foo")]
end

results = nil
i = 0
while i < 1200
  results = calls_double(i)
  i += 1
end
p results
p add(1, 2)
