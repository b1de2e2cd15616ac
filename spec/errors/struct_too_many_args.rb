Point = Struct.new(:x, :y)
p Point.new(1, 2)
p Point.new(1)
p Point.new
Point.new(1, 2, 3)
