def add(a, b)
  a + b
end

p add(2, 3)

class Integer
  alias_method :original_plus, :+

  def +(other)
    original_plus(other).original_plus(100)
  end
end

p add(2, 3)
p 1 + 1

class Integer
  alias_method :+, :original_plus
end

p add(2, 3)
