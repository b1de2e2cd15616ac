# Array#shuffle with random:: MRI's Fisher-Yates from the end.
r = Random.new(42)
p [1, 2, 3, 4, 5].shuffle(random: r)
p (1..20).to_a.shuffle(random: r)
p %w[a b c d e f g].shuffle(random: Random.new(1))
p [].shuffle(random: r), [9].shuffle(random: r)
a = [1, 2, 3]
b = a.shuffle(random: r)
p a, b.sort
srand(3)
p (1..10).to_a.shuffle
