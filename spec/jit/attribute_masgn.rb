# Multiple assignment to attributes and elements: the right-hand side is
# one Array (its value is the assignment's value).

class Pair
  attr_accessor :left, :right
end

def swap(items, i, j)
  items[i], items[j] = items[j], items[i]
end

def fill(pair, a, b)
  pair.left, pair.right = a, b
end

items = (1..10).to_a
3000.times { |k| swap(items, k % 10, (k * 7) % 10) }
p items
pair = Pair.new
r = nil
3000.times { |k| r = fill(pair, k, -k) }
p [pair.left, pair.right, r]
x = (pair.left, items[0] = :a, :b)
p x
p [pair.left, items[0]]
# spec: skip-mode gc-stress 0.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
