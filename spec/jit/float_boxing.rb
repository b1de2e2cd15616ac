# Compiled Float arithmetic boxes its results: flonums inline, heap Floats
# (too large or too small an exponent), zeros, infinities and NaN through
# the runtime. Each value must come back as MRI prints it.
def mul(a, b)
  a * b
end

def add(a, b)
  a + b
end

values = [0.0, -0.0, 1.0, -2.5, 1e300, -1e300, 1e-300, 5e-324, Float::INFINITY,
          -Float::INFINITY, Float::NAN, 1.7976931348623157e308, 2.2250738585072014e-308,
          0.1, 1e16, 3.0e-16]
3000.times { |i| mul(i * 0.5, 1.5); add(i * 0.25, 2.0) }
values.each do |a|
  values.each do |b|
    puts "#{mul(a, b)} #{add(a, b)}"
  end
end
p mul(1e200, 1e200)
p add(0.1, 0.2)
p mul(-0.0, 1.0)
