# `Math.sqrt`, `Integer#abs`/`magnitude` and `Float#-@` in compiled code:
# the root of a Float or fixnum (a negative argument raises
# Math::DomainError, -0.0's root is 0.0, NaN's is NaN), an absolute value
# whose overflow (the least fixnum) makes a Bignum, a negation that keeps
# -0.0's sign.
def numbers(x, y, n)
  [Math.sqrt(x), Math.sqrt(n.abs), -x, n.abs, (-n).abs, n.magnitude, Math.sqrt(y), -y]
end

def root(x)
  Math.sqrt(x)
rescue Math::DomainError => e
  e.message
end

r = nil
total = 0.0
i = 0
while i < 3000
  r = numbers(2.25, 0.0, i)
  total += root(i) + root(i * 0.5)
  i += 1
end
p r
p total
p numbers(4.0, -0.0, 9)
p numbers(-0.0, 1e308, -9)
p numbers(Float::NAN, Float::INFINITY, 0)
p numbers(0.5, 3, -(2**62))
p numbers(0.5, 3, 2**64)
p root(-1)
p root(-0.5)
p root(-0.0)
p root(Float::NAN)
p root(10**40)
