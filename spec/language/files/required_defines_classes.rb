require_relative "lib/shapes_lib"

sq = Shapes::Square.new(3)
p sq.area
p Shapes::Square.ancestors.take(3)
p Shapes.registry
class Shapes::Square
  def perimeter = @side * 4
end
p sq.perimeter
