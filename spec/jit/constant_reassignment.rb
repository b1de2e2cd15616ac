# A constant compiled code uses as a value, then assigned again (with
# MRI's warning): the code is invalidated and sees the new value, even in
# the activation that assigned it.
LIMIT = 10

class Counter
  SCALE = 2

  def scaled(x)
    x * SCALE + LIMIT
  end

  def rescale(x)
    Counter.const_set(:SCALE, 3) if x == 5
    x * SCALE
  end
end

c = Counter.new
total = 0
3000.times { |i| total += c.scaled(i) }
p total
p c.scaled(1)
Object.const_set(:LIMIT, 100)
p c.scaled(1)
2000.times { |i| c.rescale(i % 4) }
p (0..6).map { |i| c.rescale(i) }
