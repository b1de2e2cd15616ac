class Box
  def initialize(v)
    @v = v
  end

  def value
    @v
  end
end

b = Box.new(10)

class Box
  def double
    @v * 2
  end

  def value
    "value is #{@v}"
  end
end

p b.double
p b.value
p Box.instance_methods(false).sort
