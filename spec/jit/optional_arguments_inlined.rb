# Calls that leave optional parameters out, inlined or compiled as a
# constructor: the missing slots are UNDEF (their defaults run, reading
# earlier parameters), as the interpreter lays them out.
class Vec
  attr_reader :items, :size
  def initialize(size = 5, fill = size * 2)
    @size = size
    @items = Array.new(size, fill)
  end

  def grow(by = 1, extra = nil)
    extra ? @size + by + extra : @size + by
  end
end

class Pair
  def initialize(a, b = a.nil? ? :none : [a])
    @a = a
    @b = b
  end
  attr_reader :a, :b
end

def make(i)
  v = Vec.new
  w = Vec.new(i % 3)
  x = Vec.new(1, i)
  p1 = Pair.new(i)
  p2 = Pair.new(nil)
  p3 = Pair.new(i, :given)
  [v.size, v.items.size, w.items, x.items, v.grow, v.grow(2), v.grow(2, 3), p1.b, p2.b, p3.b]
end

r = nil
i = 0
while i < 3000
  r = make(i)
  i += 1
end
p r
p make(7)
p((Vec.new(1, 2, 3) rescue $!))
