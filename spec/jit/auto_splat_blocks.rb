# A block with several parameters given one value: an Array's items, or
# those of what `to_ary` makes of it (inlined blocks guard for an Array).

class Pair
  def initialize(a, b) = (@a, @b = a, b)
  def to_ary = [@a, @b]
end

class Opaque; end

def pairs(list)
  total = 0
  list.each { |a, b| total += a * 10 + (b || 0) }
  total
end

def firsts(list) = list.map { |a, (b, c), *rest| [a, b, c, rest.size] }

LINES = [[0, 1, 2], [3, 4, 5], [6, 7]].freeze

def winner(cells)
  LINES.each do |a, b, c|
    return cells[a] if cells[a] && cells[a] == cells[b] && cells[a] == cells[c]
  end
  nil
end

list = [[1, 2], [3, 4], [5]]
sum = 0
3000.times { |i| sum += pairs(list) + (winner([i % 2, 1, 1, 0, 0, 0, 1, 1]) || 5) }
p sum
p pairs([[1, 2], Pair.new(3, 4)])
p pairs([[1, 2, 9], [7]])
p firsts([[1, [2, 3], 4, 5], [6]])
p winner(%w[x x x o o o])
p winner([nil, nil, nil, 1, 1, 1])
p winner([1, 2, 3, 4, 5, 6, 7])
begin
  pairs([Opaque.new])
rescue NoMethodError => e
  p e.message.sub(/0x\h+/, "")
end
# spec: skip-mode gc-stress 0.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
