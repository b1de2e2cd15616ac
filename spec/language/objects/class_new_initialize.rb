class Point
  def initialize(x, y)
    @x = x
    @y = y
  end

  def to_s
    "(#{@x}, #{@y})"
  end
end

pt = Point.new(3, 4)
puts pt
puts pt.class
puts Point.new(-1, 0).to_s
p pt.is_a?(Point)
p Point.class
p Point.superclass
