# A send whose receivers gain kinds after its method was compiled: the
# guard fails until the method is compiled again, then each kind seen has
# a direct call and any other kind takes the full send (no deoptimisation
# loop). A fifth kind makes the site megamorphic.
class Circle
  def area = 3
end

class Square
  def area = 4
end

class Triangle
  def area = 5
end

class Hexagon
  def area = 6
end

class Blob
  def area = 7
end

def total_area(shapes)
  sum = 0
  shapes.each { |shape| sum += shape.area }
  sum
end

shapes = [Circle.new, Square.new] * 50
totals = []
[[Triangle.new], [Hexagon.new], [Blob.new], []].each do |more|
  shapes += more * 10
  t = 0
  400.times { t += total_area(shapes) }
  totals << t
end
p totals
p total_area([Blob.new, Circle.new, Hexagon.new])
