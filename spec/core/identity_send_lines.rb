# `==` and `!=` sites whose receivers' `==` is BasicObject's identity test
# (their send line compares the operands), while receivers, classes and
# methods change under them.

class Node
  attr_reader :name
  def initialize(name)
    @name = name
  end
end

def same?(a, b)
  a == b
end

def differ?(a, b)
  a != b
end

NONE = nil
a = Node.new("a")
b = Node.new("b")

# nil and plain objects, one site each, called often enough to fill the line.
results = []
4.times do
  results << same?(NONE, nil) << same?(NONE, a) << same?(a, a) << same?(a, b)
  results << differ?(a, a) << differ?(a, b) << differ?(nil, false)
end
p results.each_slice(7).to_a.uniq

# Another class at the same site: its own `==`.
class Point
  attr_reader :x
  def initialize(x)
    @x = x
  end

  def ==(other)
    other.is_a?(Point) && x == other.x
  end
end
p same?(Point.new(1), Point.new(1)), differ?(Point.new(1), Point.new(1))
p same?(a, a), differ?(a, b)

# `==` defined on Node mid-run: the sites call it.
class Node
  def ==(other)
    other.is_a?(Node) && name == other.name
  end
end
p same?(a, Node.new("a")), differ?(a, Node.new("a")), same?(a, b)

# Removed again: identity once more.
class Node
  remove_method :==
end
p same?(a, Node.new("a")), same?(a, a), differ?(a, Node.new("a"))

# A singleton `==` on one object.
c = Node.new("c")
def c.==(other)
  true
end
p same?(c, 1), differ?(c, 1), same?(a, 1)

# nil's `==` redefined.
class NilClass
  def ==(other)
    :redefined
  end
end
p same?(nil, nil), differ?(nil, 1)

# `nil?` at one site, over nil, plain objects, and classes that define their own.
def none?(x)
  x.nil?
end
seen = []
3.times { seen << none?(nil) << none?(a) << none?(0) << none?(false) }
p seen.each_slice(4).to_a.uniq
class Empty
  def nil?
    true
  end
end
p none?(Empty.new), none?(a), none?(nil)
class Node
  def nil?
    name == "a"
  end
end
p none?(a), none?(b), none?(nil)
class Object
  def nil?
    :object
  end
end
p none?(3), none?(nil), none?(Empty.new)
