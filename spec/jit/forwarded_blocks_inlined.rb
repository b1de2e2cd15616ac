# A method that passes its block on (`def each(&block) = @items.each(&block)`),
# called with a literal block from compiled code: the whole chain inlines
# with the block, and a `return` from the block, a failed guard inside the
# chain and an exception leave it as MRI does.
class Vector
  def initialize(items) = @items = items

  def each
    i = 0
    while i < @items.size
      yield @items[i]
      i += 1
    end
  end

  def has_some
    (0...@items.size).each do |i|
      return true if yield @items[i]
    end
    false
  end
end

class Bag
  def initialize(items) = @items = Vector.new(items)
  def each(&block) = @items.each(&block)
  def has_some(&block) = @items.has_some(&block)
end

bag = Bag.new([1, 2, 3, 4])
found = 0
total = 0
2000.times do |n|
  found += 1 if bag.has_some { |x| x == n % 7 }
  bag.each { |x| total += x }
end
p [found, total]

# The block's value changes kind late: the inlined chain deoptimises, and
# the rebuilt frames pass the same block on.
mixed = Bag.new([1, 2.5, "three", nil])
seen = []
mixed.each { |x| seen << x.to_s }
p seen
p mixed.has_some { |x| x.nil? }
p(bag.has_some { |x| x > 3.5 })

# An exception raised in the forwarded block comes out with MRI's backtrace.
def failing(bag)
  bag.each { |x| raise "no #{x}" if x == 3 }
end
begin
  failing(bag)
rescue => e
  p e.message
  p e.backtrace.map { |line| line.sub(/^.*:(\d+):/, 'line \1:') }
end

# No block to pass on: the callee raises as MRI's does.
def each_without(bag) = bag.each
begin
  each_without(bag)
rescue LocalJumpError => e
  p e.message
end
