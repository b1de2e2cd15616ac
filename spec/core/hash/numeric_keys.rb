# Numeric keys: Integers and Floats are different keys unless eql?; -0.0
# and 0.0 are the same key; big Integers work.
h = {}
h[1] = :int
h[1.0] = :float
h[2**64] = :big
h[-0.0] = :negzero
h[0.0] = :zero
p h, h.size
p h[1], h[1.0], h[18446744073709551616], h[0.0]
p h.key?(2**64 + 0.0)
nan = Float::NAN
n = { nan => :nan }
p n[nan], n[Float::NAN], n.size
r = {}
(1..5).each { |i| r[i * 0.5] = i }
p r, r[1.5], r[2]
