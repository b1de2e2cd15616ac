# Block-heavy code: iteration through blocks and yield (times, each, map,
# inject, a method of our own that yields), closures over locals.
# Usage: blocks.rb [N] (default 3000 rounds).

def each_pair_sum(array)
  i = 0
  while i < array.size - 1
    yield array[i] + array[i + 1]
    i += 1
  end
end

n = ARGV[0] ? ARGV[0].to_i : 3000
data = (1..100).to_a
total = 0
n.times do |round|
  squares = data.map { |x| x * x + round }
  total += squares.inject(0) { |sum, x| sum + x } % 1000
  each_pair_sum(data) { |s| total += s & 7 }
  data.each { |x| total -= 1 if x % 17 == round % 17 }
end
p total
