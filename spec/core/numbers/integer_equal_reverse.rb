class Anything
  def ==(other)
    other == 42 ? "yes" : nil
  end
end
p 42 == Anything.new
p 41 == Anything.new
p 42.0 == Anything.new
p 1 == "1"
p 1 == nil
p (2**70) == 2.0**70
p 1.eql?(1)
p (2**70).eql?(2**70)
p 1.equal?(1)
