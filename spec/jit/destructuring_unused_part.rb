# A destructuring whose parts are not all used (`|(_, limit)|`, `a, _ =`)
# compiles: every part is loaded, so that a deoptimisation after the
# instruction finds them all on the stack.
LIMITS = [["a", 0.3], ["c", 0.5], ["g", 0.8], ["t", 1.0]].freeze

def pick(r)
  LIMITS.find { |(_, limit)| r < limit }
end

def first_of(pair)
  a, _ = pair
  a
end

def tail_of(list)
  _, *rest = list
  rest
end

picked = (0...1500).map { |i| pick(i / 1500.0)[0] }
p picked.tally
p (0...1500).map { |i| first_of([i, -i]) }.sum
p (0...1500).map { |i| tail_of([i, i + 1, i + 2]).sum }.sum

# A to_ary that redefines a method the compiled code calls: the code is
# invalidated during the destructuring, and the interpreter resumes after
# it with every part.
def weight(x) = x
class Pair
  def initialize(a, b)
    @a = a
    @b = b
  end

  def to_ary
    Object.class_eval { def weight(x) = x } if @a == 1350
    [@a, @b]
  end
end

def swap_sum(pairs)
  total = 0
  pairs.each do |pair|
    x, _ = pair
    total += weight(x)
  end
  total
end
p swap_sum((0...1500).map { |i| Pair.new(i, -i) })
