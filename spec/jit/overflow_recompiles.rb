# `+` profiled on small fixnums, then overflowing on every call: the
# overflow guard deoptimises (the interpreter makes the Bignum) until the
# method is compiled again without the fixnum speculation.
def grow(x)
  x + x
end

i = 0
while i < 3000
  grow(i)
  i += 1
end
big = 2**61
results = []
100.times { |k| results << grow(big + k) }
p results.first
p results.last
p results.all? { |r| r >= 2**62 }
