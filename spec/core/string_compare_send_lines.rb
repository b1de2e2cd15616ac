# Comparisons of Strings through one operator site, while String#== and
# String#<=> change under it and other operands come through.

def same(a, b)
  a == b
end

def order(a, b)
  a <=> b
end

def differ(a, b)
  a != b
end

3.times { p same("a", "a"), same("a", "b") }
p order("a", "b"), order("b", "a"), order("a", "a")
p differ("x", "x"), differ("x", "y")

# An object with to_str: String#== asks its ==.
class Stringish
  def to_str
    "a"
  end

  def ==(other)
    :stringish_eq
  end

  def <=>(other)
    1
  end
end
p same("a", Stringish.new)
p order("a", Stringish.new)
p same("a", 1), order("a", 1)

# A subclass of String compares as a String.
class Name < String; end
p same(Name.new("a"), "a"), same("a", Name.new("a"))

# String#== redefined mid-run: the site calls the new method.
class String
  alias_method :original_eq, :==
  def ==(other)
    :redefined
  end
end
p same("a", "a"), differ("a", "a")
class String
  alias_method :==, :original_eq
end
p same("a", "a"), differ("a", "a")

# String#<=> redefined: sort and the site both see it.
class String
  alias_method :original_cmp, :<=>
  def <=>(other)
    -original_cmp(other)
  end
end
p order("a", "b"), %w[b a c].sort
class String
  alias_method :<=>, :original_cmp
end
p order("a", "b"), %w[b a c].sort

# Mixed Integer and Float operands through one site.
def times_two(x)
  2 * x
end
p times_two(3), times_two(1.5), times_two(4), times_two(2**64)

# != of objects whose == is BasicObject's, then their own.
class Spot
  attr_reader :x

  def initialize(x)
    @x = x
  end
end
spot = Spot.new(1)
3.times { p differ(spot, nil), differ(spot, spot), differ(Spot.new(1), Spot.new(1)) }
class Spot
  def ==(other)
    other.is_a?(Spot) && other.x == x
  end
end
p differ(Spot.new(1), Spot.new(1)), differ(Spot.new(1), Spot.new(2))
p differ(nil, nil), differ(nil, false), differ(:a, :a), differ(1, 1.0)
