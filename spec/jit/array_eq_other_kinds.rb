# `array == x` and `hash == x` where x is never an Array (or Hash):
# compiled code answers false when x's class has no `to_ary` (`to_hash`),
# guarding x's kind. Defining the conversion later makes the core method
# ask `x == array`, as MRI does.
class Box
  def initialize(items)
    @items = items
  end

  def unset?
    @items == nil
  end

  def same_as?(other)
    @items == other
  end
end

class Wrapper
  def ==(other)
    other.is_a?(Array)
  end
end

def hash_is?(hash, other)
  hash == other
end

boxes = [Box.new(nil), Box.new([1, 2]), Box.new([])]
wrapper = Wrapper.new
unset = 0
same = 0
i = 0
while i < 3000
  boxes.each do |box|
    unset += 1 if box.unset?
    same += 1 if box.same_as?(wrapper)
  end
  same += 1 if hash_is?({ a: 1 }, :a)
  i += 1
end
p [unset, same]
p boxes[1].same_as?([1, 2])
p boxes[1].same_as?(wrapper)

class Wrapper
  def to_ary
    []
  end
end
p boxes[1].same_as?(wrapper)
p boxes[0].same_as?(wrapper)

class Symbol
  def to_hash
    {}
  end

  def ==(other)
    other.is_a?(Hash) || super
  end
end
p hash_is?({ a: 1 }, :a)
