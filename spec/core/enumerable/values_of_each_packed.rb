# Enumerable's methods see what `each` yields as one value: nothing is nil,
# one value is itself (an Array stays whole), several are an Array. The
# block `each` receives from them takes any arguments and is not a lambda.
class Yields
  include Enumerable

  def each(&block)
    yield
    yield 1
    yield [2, 3]
    yield 4, 5
    yield nil
    self
  end
end

class Shows
  include Enumerable

  def each(&block)
    puts "arity #{block.arity}, lambda #{block.lambda?}"
    block.call(7, 8)
    yield 9
  end
end

y = Yields.new
p y.to_a
p y.select { |x| true }
p y.reject { |x| x.nil? }
p y.find { |x| x.is_a?(Array) }
p y.find_index([4, 5]), y.include?([2, 3]), y.count(nil)
p y.first, y.first(3), y.take(2), y.drop(3)
p y.min_by { |x| x.to_s }, y.group_by { |x| x.class }.keys
p y.each_with_index.to_a
p y.each_with_object([]) { |x, acc| acc << x }
p y.inject([]) { |acc, x| acc << x }
p y.partition { |x| x.nil? }
p y.tally
p y.any?(Array), y.all? { |x| x }, y.none?(String), y.one?(1)
p y.each_entry.to_a
p y.sort_by { |x| x.to_s }
p y.zip([1] * 5)
p y.each_slice(2).to_a
p y.each_cons(2).to_a
p y.each_slice(3).map { |slice| slice.size }

# Several parameters spread an Array, one takes it whole.
p [[1, 2], [3, 4]].find { |a, b| b == 4 }
p [[1, 2], [3, 4]].select { |pair| pair.sum > 3 }
p({a: 1, b: 2}.find { |k, v| v == 2 })
p({a: 1, b: 2}.min_by { |_, v| -v })

# Leaving the block: return, break, next, raise, throw.
def first_big(items)
  items.find { |x| return x * 100 if x > 1 }
  :none
end
p first_big([1, 2, 3]), first_big([0])
p([1, 2, 3].select { |x| break :broken if x == 2 })
p([1, 2, 3].reject { |x| next true if x == 2; false })
begin
  y.find { |x| raise ArgumentError, "at #{x.inspect}" unless x.nil? }
rescue ArgumentError => e
  p e.message
end
p(catch(:found) { y.each_with_index { |x, i| throw :found, i if x == 1 } })

# The block `each` gets.
s = Shows.new
p s.find { |x| p x; false }
p s.to_a

# Many calls, each with a block that allocates (a collection may run
# while a packed block is on the stack).
total = 0
2000.times do |i|
  total += y.select { |x| x.to_s.size > 0 }.size + [i, [i]].find { |x| x.is_a?(Array) }[0]
end
p total
