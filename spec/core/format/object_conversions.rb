class Temp
  def initialize(d)
    @d = d
  end

  def to_s
    "#{@d} degrees"
  end

  def inspect
    "#<Temp #{@d}>"
  end
end

class Num
  def to_int
    7
  end
end

class Num2
  def to_i
    8
  end
end

p format("%s", Temp.new(20))
p format("%p", Temp.new(21))
p format("%10s|", Temp.new(2))
p format("%d", Num.new)
p format("%d", Num2.new)
p format("%x", Num.new)
