class Point
  def initialize(x, y)
    @x = x
    @y = y
  end
end

Point.new(1)
