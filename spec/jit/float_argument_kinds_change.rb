# Float arithmetic and comparisons, and fixnum comparisons, whose
# argument's kind changes after the method was compiled (flonums, then
# Floats that are not flonums such as -0.0 and 1e300, then Integers, then
# other objects): compiled again, each kind seen is tested and any other
# takes the full send, with MRI's results and errors.
# spec: skip-mode gc-stress 1.4 s under --gc-stress in a release build (24,000 Float results boxed), some fifty times that in the debug build cargo test runs
def mix(a, b)
  [a + b, a - b, a * b, a / b, a < b, a <= b, a > b, a >= b, a == b]
end

def cmp(i, x)
  [i < x, i <= x, i > x, i >= x]
end

class Meters
  def initialize(v) = @v = v
  def coerce(other) = [Meters.new(other), self]
  def value = @v
  %i[+ - * / < <= > >=].each { |op| define_method(op) { |_other| op } }
end

totals = []
[0.5, -0.0, 1e300, 3, 2**70, Meters.new(1)].each do |arg|
  last = nil
  2000.times { |i| last = mix(1.5 + i, arg) }
  totals << last.map { |v| v.is_a?(Float) ? v.round(6) : (v.is_a?(Meters) ? v.value : v) }
  last = nil
  2000.times { |i| last = cmp(i, arg) }
  totals << last
end
totals.each { |t| p t }
begin
  mix(1.5, "2")
rescue TypeError => e
  p e.message
end
begin
  cmp(1, "2")
rescue ArgumentError => e
  p e.message
end
