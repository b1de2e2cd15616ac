# `Array.new(size)` and `Array.new(size, fill)` in compiled code make the
# Array without a frame for `new`; every other form (a copy, a block, a
# `to_int` size, a negative or huge size, a subclass) is the core's
# `Array.new`, errors included; redefining `Array#initialize` is seen.
def make(size, fill = :none)
  fill == :none ? Array.new(size) : Array.new(size, fill)
end

class Count
  def to_int = 2
end

class Stack < Array
end

sum = 0
2000.times { |i| sum += make(i % 5).size + make(i % 3, i).sum }
p sum
p make(3), make(2, "x"), make(0)
p make([1, 2]), make(Count.new, 7)
p Array.new(2) { |i| i * 10 }
p Stack.new(2).class, Stack.new(2, 1)
begin
  make(-1)
rescue ArgumentError => e
  p e.message
end
begin
  make(2**40)
rescue ArgumentError, NoMemoryError => e
  p e.class
end
begin
  make("3")
rescue TypeError => e
  p e.message
end

class Array
  alias_method :core_initialize, :initialize
  def initialize(*args)
    core_initialize(*args)
    push(:mine)
  end
end
p make(2), make(1, 0)
