# A split is made for one call site; compiled, its caller inlines it.
# `add` is split for `use_int` and for `use_str`, each calling its split
# twice per call: the splits reach the JIT's threshold first, and wait for
# their callers to be compiled (with them inlined) rather than being
# compiled on their own first.
def add(a, b)
  a + b
end

def use_int(i)
  add(i, 1) + add(i, 2)
end

def use_str(s)
  add(s, "x") + add(s, "y")
end

def drive(i)
  [use_int(i), use_str("s")]
end

r = nil
1500.times { |i| r = drive(i) }
p r
