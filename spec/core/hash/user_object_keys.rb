# User objects are keys through their own hash and eql?.
class Coord
  attr_reader :x, :y

  def initialize(x, y)
    @x = x
    @y = y
  end

  def eql?(other)
    other.is_a?(Coord) && x == other.x && y == other.y
  end

  def hash
    [x, y].hash
  end

  def to_s = "(#{x},#{y})"
end

grid = {}
grid[Coord.new(0, 0)] = "origin"
grid[Coord.new(1, 2)] = "tree"
p grid[Coord.new(1, 2)], grid[Coord.new(2, 1)], grid.size
grid[Coord.new(0, 0)] = "start"
p grid.size, grid.values
p grid.key?(Coord.new(0, 0)), grid.keys.map(&:to_s)

class Plain; end
o = Plain.new
h = { o => 1 }
p h[o], h[Plain.new]

class Noisy
  def initialize(id) = @id = id
  def hash
    puts "hash #{@id}"
    0
  end
  def eql?(other)
    puts "eql? #{@id}"
    true
  end
end
n = { Noisy.new(1) => :first }
p n[Noisy.new(2)]
n[Noisy.new(3)] = :second
p n.size, n.values
Point3 = Struct.new(:x, :y, :z)
pts = { Point3.new(1, 2, 3) => :p }
p pts[Point3.new(1, 2, 3)] rescue p $!
class BadHash
  def hash = "nope"
end
begin
  { BadHash.new => 1 }
rescue TypeError => e
  p e.message
end
