# Splitting narrows what a callee dispatches on, not what it only stores.
# `store` sends `to_s` to its argument: each caller's kind gets a split
# of its own. `put` only appends its argument to an Array: one copy
# serves Integers and Strings alike, so it is not split.
class Box
  def initialize
    @items = []
  end

  def put(item)
    @items << item
    self
  end

  def size
    @items.size
  end
end

def store(box, x)
  x.to_s
  box.put(x)
end

def fill(box, i)
  store(box, i)
  store(box, "s")
end

box = Box.new
i = 0
while i < 1500
  fill(box, i)
  i += 1
end
p box.size
