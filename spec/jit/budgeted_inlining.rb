# Budgeted inlining over a call tree (seed 002): the calls each compiled
# method makes are explored (their graphs built and cleaned up) and
# inlined best first, within budgets of IR nodes. Whatever the inliner
# decides, the program computes the same: small methods, iterators with
# their blocks, recursion unrolled, large methods left calls, a block
# whose `return` leaves through an iterator.

class Shape
  def initialize(width, height)
    @width = width
    @height = height
  end

  def area = @width * @height

  def label(scale)
    kind = if @width == @height then "square"
           elsif @width > @height then "wide"
           else "tall"
           end
    size = area * scale
    band = case size
           when 0...10 then "small"
           when 10...100 then "medium"
           when 100...1000 then "large"
           else "huge"
           end
    parts = [kind, band, size.to_s, (@width + @height).to_s]
    parts.join(":") + (size.even? ? "/even" : "/odd")
  end
end

def total(shapes)
  sum = 0
  shapes.each { |shape| sum += shape.area }
  sum
end

def labels(shapes, scale)
  shapes.map { |shape| shape.label(scale) }.uniq.size
end

def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)

def first_large(shapes, limit)
  shapes.each { |shape| return shape.area if shape.area > limit }
  nil
end

shapes = (1..6).map { |i| Shape.new(i, 7 - i) }
sums = 0
names = 0
found = 0
1200.times do |i|
  sums += total(shapes)
  names += labels(shapes, i % 40)
  found += first_large(shapes, i % 12) || 0
end
p sums, names, found
p fib(20)
p Shape.new(3, 3).label(2), Shape.new(5, 2).label(100)
