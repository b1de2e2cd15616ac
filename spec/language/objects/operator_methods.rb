class Vec
  attr_reader :x, :y

  def initialize(x, y)
    @x, @y = x, y
  end

  def +(o) = Vec.new(x + o.x, y + o.y)
  def -(o) = Vec.new(x - o.x, y - o.y)
  def *(k) = Vec.new(x * k, y * k)
  def -@ = Vec.new(-x, -y)
  def [](i) = i == 0 ? x : y
  def ==(o) = x == o.x && y == o.y
  def to_s = "(#{x}, #{y})"
end

a = Vec.new(1, 2)
b = Vec.new(10, 20)
puts a + b
puts b - a
puts a * 3
puts(-a)
p a[0]
p a[1]
p a == Vec.new(1, 2)
p a != b
