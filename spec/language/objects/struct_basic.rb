Point = Struct.new(:x, :y)

a = Point.new(1, 2)
p a
p a.x
p a.y
a.x = 10
p a.to_a
p a == Point.new(10, 2)
p a == Point.new(1, 2)
p Point.members
b = Point.new(5)
p b
p a[0]
p a[:y]
