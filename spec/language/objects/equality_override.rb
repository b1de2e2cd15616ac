class Money
  attr_reader :cents

  def initialize(c)
    @cents = c
  end

  def ==(other)
    other.is_a?(Money) && cents == other.cents
  end
end

a = Money.new(5)
b = Money.new(5)
c = Money.new(6)
p a == b
p a != c
p a != b
p a.equal?(b)
p a.equal?(a)
p [a, c].include?(b)
p [c, a].index(b)
p a == 5
