# Float#to_i, #to_int and #truncate in compiled code truncate in a
# register; NaN, the infinities and magnitudes past the fixnums leave
# compiled code, where the core method raises or makes a Bignum.
def truncated(x) = [x.to_i, x.to_int, x.truncate]

sum = 0
3000.times do |i|
  x = i * 0.75 - 1000.5
  sum += truncated(x).sum
end
p sum
p truncated(2.9), truncated(-2.9), truncated(0.0), truncated(-0.0), truncated(-0.5)
p truncated(1e20), truncated(-1e20)
p truncated(4611686018427387904.0), truncated(-4611686018427387904.0)
p truncated(4611686018427386880.0), truncated(-4611686018427386880.0)
p 12.345.truncate(1), -12.345.truncate(2)

[Float::NAN, Float::INFINITY, -Float::INFINITY].each do |bad|
  begin
    truncated(bad)
  rescue FloatDomainError => e
    p [e.class, e.message]
  end
end

# The site keeps failing: compiled again, it calls the core method.
big = 0
2000.times { |i| big += truncated(i.odd? ? 1e19 : 1.5).first }
p big
