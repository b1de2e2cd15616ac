# == compares entries regardless of order (values by ==); eql? compares
# values by eql?.
a = { x: 1, y: 2 }
b = { y: 2, x: 1 }
p a == b, a.eql?(b), a.equal?(b)
p({ x: 1 } == { x: 1.0 }, { x: 1 }.eql?({ x: 1.0 }))
p({ x: 1 } == { x: 1, y: nil }, {} == {}, { a: 1 } == [[:a, 1]])
p({ list: [1, { deep: "s" }] } == { list: [1, { deep: "s" }] })
p Hash.new(5) == {}, Hash.new(5) == Hash.new(6)
h1 = {}
h1[:self] = h1
h2 = {}
h2[:self] = h2
p h1 == h2, h1 == h1
class Money
  attr_reader :cents
  def initialize(cents) = @cents = cents
  def ==(other) = other.is_a?(Money) && cents == other.cents
end
p({ total: Money.new(5) } == { total: Money.new(5) })
p({ total: Money.new(5) }.eql?({ total: Money.new(5) }))
p a != b, a != { x: 2, y: 2 }
