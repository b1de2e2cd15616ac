class Point
  attr_accessor :x

  def initialize(x)
    @x = x
  end

  def inspect
    "#<Point x=#{@x}>"
  end
end

pt = Point.new(1)
p pt.frozen?
r = pt.freeze
p r.equal?(pt)
p pt.frozen?
begin
  pt.x = 2
rescue FrozenError => e
  puts e.message
  p e.receiver.equal?(pt)
end
p pt.x
d = pt.dup
p d.frozen?
d.x = 5
p d
p pt.clone.frozen?
