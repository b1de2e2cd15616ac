# Multiple assignment and destructuring block parameters in compiled code:
# the runtime splits the value (calling `to_ary`), compiled code loads the
# parts; errors raised by `to_ary` show the same frames.

class Pair
  def initialize(a, b) = (@a, @b = a, b)
  def to_ary = [@a, @b]
end
def swap(pair)
  a, b = pair
  [b, a]
end
def spread(list)
  first, *rest, last = list
  [first, rest, last]
end
def sum_pairs(pairs)
  total = 0
  pairs.each { |x, y| total += x * y }
  total
end
i = 0
out = []
while i < 3000
  out << swap([1, 2]) << swap(Pair.new(3, 4)) << swap(5) << spread([1, 2, 3, 4]) << spread([9])
  out << sum_pairs([[1, 2], [3, 4]])
  i += 1
end
p out.tally
p swap(nil), spread([])

class Broken
  def to_ary = raise(ArgumentError, "no parts")
end
begin
  swap(Broken.new)
rescue ArgumentError => e
  puts "#{e.message}: #{e.backtrace.first(3).join(' < ')}"
end
# spec: skip-mode gc-stress 42.5 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
