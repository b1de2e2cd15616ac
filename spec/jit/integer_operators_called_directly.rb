# An Integer operator whose operands are not both fixnums (a Bignum
# receiver, or a fixnum times a Bignum constant) is a direct call of the
# core method from compiled code, run without a frame while its operands
# are Integers; other operands are converted as MRI does, and an error
# shows the operator's frame, as in the interpreter.

class Lcg
  def initialize(seed)
    @state = seed
  end

  def next_int(bound)
    @state = (@state * 6364136223846793005 + 1442695040888963407) % 18446744073709551616
    (@state >> 33) % bound
  end
end

rng = Lcg.new(20240601)
p Array.new(1100) { rng.next_int(1000) }.sum

def mix(a, b)
  [a + b, a - b, a * b, a / b, a % b, a & b, a | b, a ^ b, a << 3, a >> 3,
   a == b, a < b, a <= b, a > b, a >= b, a <=> b, a.divmod(b), -a, ~a, a.to_s(16)]
end

big = 2**70 + 12345
out = nil
1100.times { |i| out = mix(big + i, (2**65) - i) }
p out
1100.times { |i| out = mix(i + 1, big) }
p out

class Meters
  def initialize(n) = @n = n
  def coerce(other) = [Meters.new(other), self]
  def +(other) = "#{@n} + meters"
  def to_s = "#{@n}m"
end

def add(a, b) = a + b
results = []
1100.times { |i| results << add(big, i) }
p results.last
p add(big, 1.5)
p add(big, Meters.new(3))
begin
  add(big, "x")
rescue TypeError => e
  puts e.message
  puts e.backtrace.first(2)
end

def divide(a, b) = a / b
1100.times { |i| divide(big, i + 1) }
begin
  divide(big, 0)
rescue ZeroDivisionError => e
  puts e.message
  puts e.backtrace.first(2)
end

class Integer
  alias_method :plain_plus, :+
  def +(other) = plain_plus(other).plain_plus(1)
end
p add(big, 1)
p add(1, 1)
