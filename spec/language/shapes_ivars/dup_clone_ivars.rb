class Pt
  attr_accessor :x, :y

  def initialize(x)
    @x = x
  end
end

a = Pt.new(1)
a.y = 2
b = a.dup
b.x = 10
p [a.x, a.y]
p [b.x, b.y]
p b.instance_variables
a.freeze
c = a.clone
d = a.dup
p c.frozen?
p d.frozen?
p c.clone(freeze: false).frozen?
