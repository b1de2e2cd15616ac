# Array#shuffle! shuffles in place and returns the receiver.
a = (1..12).to_a
b = a.shuffle!(random: Random.new(6))
p a, b.equal?(a)
srand(9)
p [1, 2, 3, 4].shuffle!
begin
  [1, 2].freeze.shuffle!
rescue FrozenError => e
  p e.message
end
begin
  [1, 2].shuffle!(3)
rescue ArgumentError => e
  p e.message
end
begin
  [1, 2].shuffle(rand: 3)
rescue ArgumentError => e
  p e.message
end
