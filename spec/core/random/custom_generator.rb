# shuffle and sample accept any object answering rand(n) with an Integer
# in [0, n).
class Countdown
  def initialize
    @calls = []
  end
  attr_reader :calls

  def rand(n)
    @calls << n
    n - 1
  end
end
g = Countdown.new
p [1, 2, 3, 4].shuffle(random: g), g.calls
g = Countdown.new
p [1, 2, 3, 4, 5].sample(3, random: g), g.calls
zero = Object.new
def zero.rand(n) = 0.9
p [1, 2, 3].shuffle(random: zero), [1, 2, 3].sample(random: zero)
def zero.rand(n) = n
begin
  [1, 2, 3].shuffle(random: zero)
rescue RangeError => e
  p e.message
end
def zero.rand(n) = -1
begin
  [1, 2, 3].sample(random: zero)
rescue RangeError => e
  p e.message
end
begin
  [1, 2].shuffle(random: Object.new)
rescue NoMethodError => e
  p e.message.start_with?("private method `rand' called for #<Object:0x")
end
