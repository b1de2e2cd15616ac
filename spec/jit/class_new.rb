# `Foo.new(args)` in compiled code allocates the object itself and calls
# `initialize` directly: the result is the object whatever `initialize`
# returns, errors and backtraces are MRI's, and redefinitions (of
# `initialize`, of `new`) are seen at once.

class Point
  attr_reader :x, :y

  def initialize(x, y)
    @x = x
    @y = y
    :ignored
  end
end

class Point3 < Point
  attr_reader :z

  def initialize(x, y, z)
    super(x, y)
    @z = z
  end
end

class Checked
  attr_reader :value

  def initialize(value)
    raise ArgumentError, "negative: #{value}" if value < 0
    @value = value
  end
end

class Flexible
  def initialize(a, b = 2)
    @sum = a + b
  end

  def sum = @sum
end

class AppError < StandardError; end

def build(i)
  p = Point.new(i, i + 1)
  q = Point3.new(i, 2, 3)
  f = Flexible.new(i)
  p.x + p.y + q.z + f.sum
end

def checked(i)
  Checked.new(i).value
end

def points(n)
  total = 0
  n.times { |i| total += build(i) }
  total
end

p points(3000)
p Point.new(1, 2).class
p checked(5)
3000.times { |i| checked(i) }
begin
  checked(-1)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
  puts e.backtrace.first(4)
end

def error_for(i) = AppError.new("failed #{i}")
3000.times { |i| error_for(i) }
e = error_for(7)
p [e.class, e.message]

def plain(i) = Object.new(i)
begin
  plain(1)
rescue ArgumentError => e
  puts e.message
end

# Floats where fixnums were seen: `initialize` deoptimises, `new` still
# returns the object.
class Pair
  def initialize(a, b)
    @sum = a + b
  end
  attr_reader :sum
end
def pair(a, b) = Pair.new(a, b)
3000.times { |i| pair(i, i) }
p pair(1.5, 2).sum
p pair(2**70, 1).sum

# Redefined after compiling: the new `initialize` runs.
class Point
  def initialize(x, y)
    @x = x * 10
    @y = y * 10
  end
end
p build(1)

# A class method `new` of its own takes over.
class Point
  def self.new(*) = :custom
end
p Point.new(1, 2)

# `initialize` that redefines a method the caller's code assumed: the
# caller goes on in the interpreter, after the `new`, with the object.
class Tracker
  @@count = 0
  def initialize(n)
    @n = n
    @@count += 1
    if @@count == 2500
      Integer.class_eval { def double = self * 2 }
    end
  end
  attr_reader :n
end
class Integer
  def double = self + self
end
def track(i)
  t = Tracker.new(i)
  t.n.double
end
p (1..3000).sum { |i| track(i) }

# A Struct class's `new` and `[]` are `Class#new` too.
Node = Struct.new(:key, :left)
Keyed = Struct.new(:a, :b, keyword_init: true)
def node(i) = Node.new(i, nil)
def bracket(i) = Node[i, i]
def keyed(i) = Keyed.new(a: i, b: 2)
p (1..3000).sum { |i| node(i).key + bracket(i).left + keyed(i).a }
p node(5)
begin
  Keyed.new(1)
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(3)
end
def too_many(i) = Node.new(i, i, i)
begin
  3000.times { |i| too_many(i) }
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(4)
end
# spec: skip-mode gc-stress 3.2 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
