class Point
  attr_accessor :x

  def initialize(x) = @x = x
  def inspect = "#<Point x=#{@x}>"
end

pt = Point.new(1).freeze
pt.x = 2
