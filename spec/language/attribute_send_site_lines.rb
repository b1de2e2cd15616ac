# One send site calling attribute methods while what they mean changes
# under it: the run loop's remembered accessor must give way each time.

class Point
  attr_accessor :x, :y
  def initialize(x, y)
    @x = x
    @y = y
  end
end

class Other
  def initialize(x, y)
    @x = x
    @y = y
  end

  def x
    "Other#x(#{@x})"
  end
end

def read_x(o)
  o.x
end

def write_y(o, v)
  o.y = v
end

a = Point.new(1, 2)
b = Point.new(3, 4)
3.times { p read_x(a) }
p read_x(b)

# An object of another class in the same shape: its own method.
p read_x(Other.new(5, 6))
p read_x(a)

# A singleton method shadows the accessor for one object only.
def b.x
  "singleton #{@x}"
end
p read_x(b)
p read_x(a)

# Redefining the reader, then the writer.
class Point
  def x
    @x * 100
  end
end
p read_x(a)
3.times { |i| write_y(a, i) }
p a.y
class Point
  def y=(v)
    @y = -v
  end
end
write_y(a, 7)
p a.y

# A frozen receiver: the writer raises FrozenError, the reader still reads.
class Pair
  attr_accessor :left
  def initialize(left)
    @left = left
  end

  def inspect
    "#<Pair>"
  end
end

def set_left(pair, v)
  pair.left = v
end

def get_left(pair)
  pair.left
end

q = Pair.new(1)
3.times { |i| set_left(q, i) }
q.freeze
begin
  set_left(q, 9)
rescue FrozenError => e
  p e.class
  puts e.message
end
p get_left(q)

# Another shape of the same class: a variable added first.
r = Pair.allocate
r.instance_variable_set(:@extra, 1)
set_left(r, :late)
p get_left(r)
p get_left(Pair.new(:early))

# A variable not set yet reads nil, and a later write adds it.
fresh = Pair.allocate
p get_left(fresh)
set_left(fresh, 3)
p get_left(fresh)

# The writer returns its argument.
p(write_y(Point.new(0, 0), 42))

# remove_instance_variable: the object leaves the shape.
s = Pair.new(8)
3.times { get_left(s) }
s.remove_instance_variable(:@left)
p get_left(s)

# Visibility changed after the site filled its line.
class Pair
  private :left
end
begin
  get_left(q)
rescue NoMethodError => e
  puts e.message.lines.first
end

# Many classes through one site.
klasses = (1..6).map do |i|
  Class.new do
    attr_reader :v
    define_method(:initialize) { @v = i }
  end
end
objects = klasses.map(&:new)
2.times { p objects.map { |o| o.v } }
