# `pop`, `shift`, `first`, `last` and `clear` of an Array, given no
# argument or fixnums, run without a frame from compiled code; a frozen
# Array, a negative count or a count that converts (`to_int`) take the
# method's frame, and errors show it as MRI does.

class Stack
  def initialize(items) = @items = items
  def take_top = @items.pop
  def take_bottom = @items.shift
  def take(n) = @items.pop(n)
  def peek(n) = [@items.first, @items.last, @items.first(n), @items.last(n)]
  def reset = @items.clear
end

total = 0
3000.times do |i|
  s = Stack.new([i, i + 1, i + 2, i + 3, i + 4])
  total += s.take_top + s.take_bottom + s.take(2).sum
  total += s.peek(1).flatten.sum
  s.reset
end
p total

class Two
  def to_int = 2
end
s = Stack.new([1, 2, 3, 4])
p s.take(Two.new), s.peek(Two.new)
[-> { Stack.new([1, 2].freeze).take_top },
 -> { Stack.new([1, 2].freeze).take_bottom },
 -> { Stack.new([1, 2].freeze).reset },
 -> { Stack.new([1, 2]).take(-1) },
 -> { Stack.new([1, 2]).peek(-3) },
 -> { Stack.new([1, 2]).take("x") }].each do |failing|
  failing.call
rescue => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(2)
end
