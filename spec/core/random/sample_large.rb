# Array#sample(n) for larger n: a partial Fisher-Yates shuffle of a copy,
# or of a memo of swapped positions when n is small next to the array.
r = Random.new(17)
p (1..100).to_a.sample(50, random: r)
p (1..3000).to_a.sample(11, random: r)
p (1..5000).to_a.sample(20, random: r)
p (1..20_000).to_a.sample(600, random: r).sum
p (1..2000).to_a.sample(2000, random: r).sum
