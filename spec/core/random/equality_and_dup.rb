# Random#== compares state and seed; dup copies the state.
a = Random.new(3)
b = Random.new(3)
p a == b
a.rand
p a == b
b.rand
p a == b
c = a.dup
p c == a, c.seed
p [a.rand, a.rand] == [c.rand, c.rand]
p Random.new(3) == Random.new(4), Random.new(1) == 1
