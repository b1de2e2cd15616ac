class Shape
  def initialize(name, sides)
    @name = name
    @sides = sides
  end

  def info
    "#{@name} with #{@sides} sides"
  end
end

class Square < Shape
  def initialize(size)
    super("square", 4)
    @size = size
  end

  def info
    super() + " of size #{@size}"
  end
end

sq = Square.new(5)
puts sq.info
p sq.instance_variables
