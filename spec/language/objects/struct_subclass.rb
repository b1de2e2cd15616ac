class Vec < Struct.new(:x, :y)
  def +(other)
    Vec.new(x + other.x, y + other.y)
  end

  def length2
    x * x + y * y
  end
end

v = Vec.new(1, 2) + Vec.new(3, 4)
p v
p v.length2
p v.is_a?(Struct)
p Vec.superclass.superclass
v.each { |c| p c }
