# `recv&.name` with a literal block, a `&blk` argument or numbered
# parameters: nil (block and arguments never evaluated) when recv is nil.
list = [1, 2]
none = nil
p list&.map(&:succ)
p list&.map { |x| x * 2 }
p none&.map { |x| x * 2 }
p none&.each { raise "never" }
p list&.each_with_index&.map { |v, i| v + i }
p none&.then(&:succ)
p 3&.then(&:succ)
p list&.sum { _1 * 3 }
p none&.sum { _1 * 3 }
p [[1, 2]]&.map { |a, b| a + b }
p none&.foo(raise("arguments are not evaluated"))

class Box
  attr_accessor :x
end
box = Box.new
p(box&.x = 5)
p(none&.x = 5)

def collect(*a, **k, &b) = [a, k, b&.call]
p self&.collect(1, 2, k: 3) { 9 }
blk = proc { |v| v * 10 }
p list&.map(&blk)
p none&.map(&blk)
