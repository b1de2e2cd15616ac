# Array#sample without a count: one element, or nil from an empty array.
r = Random.new(12)
p Array.new(10) { (1..10).to_a.sample(random: r) }
p [].sample(random: r), [5].sample(random: r)
srand(4)
p %w[x y z].sample
