# `==` of a Symbol, and of an object whose `==` is BasicObject's, is an
# identity compare in compiled code; defining `==` later retires it.

class Point
  def initialize(x) = @x = x
end

def same?(a, b) = a == b

p1 = Point.new(1)
p2 = Point.new(1)
3000.times { same?(:a, :b); same?(p1, p1) }
p same?(:a, :a), same?(:a, :b), same?(:a, "a"), same?(:a, nil)
p same?(p1, p1), same?(p1, p2), same?(p1, 1)
p same?("x".to_sym, :x), same?(:"with space", :"with space")

# A class that defines == is asked.
class Money
  attr_reader :cents
  def initialize(cents) = @cents = cents
  def ==(other) = other.is_a?(Money) && cents == other.cents
end
p same?(Money.new(5), Money.new(5)), same?(Money.new(5), Money.new(6))

# Defining == on Point later: the compiled identity compare is retired.
class Point
  attr_reader :x
  def ==(other) = other.is_a?(Point) && x == other.x
end
p same?(p1, p2), same?(p1, Point.new(2))

# Redefining Symbol#== too.
class Symbol
  def ==(other) = other.to_s == to_s
end
p same?(:a, "a"), same?(:a, :b)
