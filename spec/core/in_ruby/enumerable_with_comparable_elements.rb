class Card
  include Comparable
  attr_reader :rank

  def initialize(r) = @rank = r
  def <=>(o) = rank <=> o.rank
  def to_s = "C#{rank}"
end

class Hand
  include Enumerable

  def initialize(*ranks) = @cards = ranks.map { |r| Card.new(r) }
  def each(&b) = @cards.each(&b)
end

h = Hand.new(7, 2, 11, 5)
puts h.sort.join(" ")
puts h.max
puts h.min
puts h.minmax.join(" ")
p h.include?(Card.new(11))
puts h.sort { |a, b| b <=> a }.join(" ")
