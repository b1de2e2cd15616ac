module Walkable
  def walk
    "#{name} walks"
  end
end

module Swimmable
  def swim
    "#{name} swims"
  end
end

class Duck
  include Walkable
  include Swimmable

  def name
    "duck"
  end
end

d = Duck.new
puts d.walk
puts d.swim
p Duck.ancestors.take(3)
p Duck.include?(Walkable)
p d.is_a?(Swimmable)
