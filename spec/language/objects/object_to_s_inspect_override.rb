class Card
  def initialize(rank, suit)
    @rank = rank
    @suit = suit
  end

  def to_s
    "#{@rank}#{@suit}"
  end

  def inspect
    "Card(#{self})"
  end
end

c = Card.new("K", "h")
puts c
p c
puts "card: #{c}"
p [c, Card.new(2, "s")]
puts [c, Card.new(2, "s")].inspect
