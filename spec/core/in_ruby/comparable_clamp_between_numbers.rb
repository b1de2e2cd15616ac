class Temp
  include Comparable
  attr_reader :deg

  def initialize(d) = @deg = d
  def <=>(o) = deg <=> o.deg
  def inspect = "T(#{deg})"
end

lo = Temp.new(0)
hi = Temp.new(100)
p Temp.new(50).clamp(lo, hi)
p Temp.new(-5).clamp(lo, hi)
p Temp.new(500).clamp(lo, hi)
p Temp.new(5).between?(lo, hi)
p [Temp.new(3), Temp.new(1), Temp.new(2)].sort
p [Temp.new(3), Temp.new(1)].min
p Temp.new(1) == Temp.new(1)
p Temp.ancestors.include?(Comparable)
