module Geometry
  PI_ISH = 3

  def self.area(r)
    PI_ISH * r * r
  end

  class Circle
    def initialize(r)
      @r = r
    end

    def area
      Geometry.area(@r)
    end
  end
end

p Geometry::PI_ISH
p Geometry.area(2)
p Geometry::Circle.new(3).area
p Geometry::Circle.name
p Geometry.class
