class Money
  def initialize(c) = @c = c
  def inspect = "#<Money #{@c}>"

  protected

  def cents = @c
end

Money.new(5).cents
