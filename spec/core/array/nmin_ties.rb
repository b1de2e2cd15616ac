# min(n), max(n), min_by(n) and max_by(n) choose among equal elements as
# MRI does (a quickselect over a buffer of 4n candidates, then a stable
# sort): checked on many lists with many ties.
state = 12345
next_value = lambda do |range|
  state = (state * 1103515245 + 12345) % 2**31
  state % range
end
40.times do |round|
  size = 1 + next_value.call(60)
  keys = 1 + next_value.call(8)
  items = Array.new(size) { |i| [next_value.call(keys), i] }
  n = next_value.call(size + 3)
  by_key = items.map { |k, i| k * 100 + i }
  p [round, n,
     items.min_by(n, &:first).map(&:last),
     items.max_by(n, &:first).map(&:last),
     by_key.min(n) { |a, b| (a / 100) <=> (b / 100) },
     by_key.max(n) { |a, b| (a / 100) <=> (b / 100) }]
end
p (1..30).to_a.min_by(3) { |x| x % 5 }, (1..30).to_a.max_by(3) { |x| x % 5 }
p (1..30).to_a.max(3) { |a, b| (a % 5) <=> (b % 5) }
p %w[pear fig apple kiwi date plum].min(2) { |a, b| a.size <=> b.size }
p [[1, :a], [1, :b], [0, :c]].min_by(2, &:first)
p({a: 3, b: 1, c: 3}.max_by(2) { |k, v| v })
p [3, 1, 2].min(0), [3, 1, 2].max(5), [].min(2)
begin
  [1].min_by(-1) { |x| x }
rescue ArgumentError => e
  p e.message
end
begin
  [1, "a"].max(1)
rescue ArgumentError => e
  p e.message
end
