# Methods whose blocks capture their locals, called from compiled code
# (recursion, as Permute and Queens do): each call has an environment of
# its own, made without a frame, and kept when something needs the frame
# (a backtrace, a block passed to a method that is not inlined, a
# deoptimisation, a `return` from the block).
class Permuter
  attr_reader :count

  def initialize(size)
    @count = 0
    @v = Array.new(size, 0)
  end

  def permute(n)
    @count += 1
    if n != 0
      n1 = n - 1
      permute(n1)
      n1.downto(0) do |i|
        swap(n1, i)
        permute(n1)
        swap(n1, i)
      end
    end
  end

  def swap(i, j)
    tmp = @v[i]
    @v[i] = @v[j]
    @v[j] = tmp
  end
end

3.times do
  p Permuter.new(6).tap { |perm| perm.permute(6) }.count
end

# A `return` from the block leaves the call whose environment it reads.
def find_depth(depth, limit)
  seen = depth
  return nil if depth > limit
  3.times do |k|
    return seen * 10 + k if depth == limit && k == 1
    inner = find_depth(depth + 1, limit)
    return inner + seen if inner
  end
  nil
end
p (1..300).map { |i| find_depth(0, i % 4) }.sum

# Each call's captured local is its own, also when a block made in it is
# kept after the call returns.
def counter_from(start)
  count = start
  step = -> { count += 1 }
  step.call
  [step, count]
end
steps = (1..500).map { |i| counter_from(i) }
p steps.sum { |_, count| count }
p steps.first(3).map { |step, _| step.call }

# The frame is needed after its environment was made: a backtrace through it.
def deepest(n, at)
  total = n
  [1].each { |x| total += x }
  raise ArgumentError, "at #{n}: total #{total}" if n == at
  deepest(n + 1, at) + total
end
500.times { |i| deepest(0, 5) rescue nil }
begin
  deepest(0, 3)
rescue ArgumentError => e
  p e.message
  p e.backtrace.first(5).map { |line| line.sub(/^.*:(\d+):/, 'line \1:') }
end

# `block_given?` of a method called without a block from a method that has one.
def given = block_given?
def caller_with_block
  r = nil
  i = 0
  while i < 300
    r = given
    i += 1
  end
  [r, yield]
end
p caller_with_block { :block }
