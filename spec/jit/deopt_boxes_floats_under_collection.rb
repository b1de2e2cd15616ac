# A deoptimisation rebuilds frames holding Floats that compiled code kept
# unboxed: each is boxed as the frames are read back, and a collection
# that one of those allocations starts must not free the ones boxed
# before it (here `y` and `z`, live when `thing` meets a String).
def thing(k) = k > 1995 ? "abc" : [1]

def scale(x, k)
  y = x * 1.0e150
  z = y * 3.0
  $calls += 1
  n = thing(k).size
  [y, z, n]
end

$calls = 0
i = 0
while i < 2000
  r = scale(i + 1.5, i)
  p r if i > 1995
  i += 1
end
p $calls
