# Enumerable#cycle: `each` runs once, its values are kept and yielded
# again; a count, an Enumerator and its size, and break out of the loop.
class Three
  include Enumerable
  attr_reader :walks

  def initialize = @walks = 0

  def each
    @walks += 1
    yield 1
    yield 2
    yield 3
  end
end

t = Three.new
out = []
t.cycle(3) { |x| out << x }
p out, t.walks
p t.cycle(0) { |x| raise "never" }
p t.cycle(-2) { |x| raise "never" }
taken = []
t.cycle { |x| taken << x; break :done if taken.size == 7 }.then { |r| p r }
p taken
p t.cycle.first(8)
p t.cycle(2).to_a
p t.cycle.size, t.cycle(2).size, t.cycle(-1).size
p "abc".each_char.cycle.first(7)
p({ a: 1, b: 2 }.cycle(2).to_a)
p [].cycle { raise "never" }
p (1..3).cycle.first(5)
