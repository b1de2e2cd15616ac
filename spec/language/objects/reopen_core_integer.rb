class Integer
  def double
    self * 2
  end

  def minutes
    self * 60
  end
end

p 5.double
p 3.minutes
p (2 + 3).double.minutes
p [1, 2, 3].map { |n| n.double }
