class Money
  def inspect = "#<Money>"

  def initialize(cents)
    @cents = cents
  end

  def >(other)
    cents > other.cents
  end

  def same?(other)
    other.cents == cents
  end

  protected

  def cents
    @cents
  end
end

a = Money.new(500)
b = Money.new(300)
p a > b
p b > a
p a.same?(Money.new(500))
p a.respond_to?(:cents)
begin
  a.cents
rescue NoMethodError => e
  puts e.message
end
