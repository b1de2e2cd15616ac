# Struct#== compares members with ==, Struct#eql? with eql? (1 and 1.0 are
# == but not eql?); both need the same class.
Pair = Struct.new(:left, :right)
Other = Struct.new(:left, :right)
p Pair.new(1, 2) == Pair.new(1, 2)
p Pair.new(1, 2) == Pair.new(1, 2.0)
p Pair.new(1, 2).eql?(Pair.new(1, 2))
p Pair.new(1, 2).eql?(Pair.new(1, 2.0))
p Pair.new("a", [1]).eql?(Pair.new("a", [1]))
p Pair.new(1, 2) == Other.new(1, 2)
p Pair.new(1, 2).eql?(Other.new(1, 2))
h = { Pair.new(1, 2) => :int }
p h[Pair.new(1, 2)], h[Pair.new(1, 2.0)]
