# A call passing `&expr` whose callee invalidates the caller's compiled
# code (it redefines a method the caller's code assumed): the caller
# deoptimises after the call, with the call's operands (the `&expr` value
# among them) off its stack and the result on it.
$redefine = false
$blk = proc { |v| v }

def helper(a, &blk)
  Object.class_eval { def other = 2 } if $redefine
  blk ? blk.call(a) : a
end

def other = 1

def with_symbol(x) = (x * 3) + helper(x, &:abs) + other
def with_proc(x) = (x * 3) + helper(x, &$blk) + other
def with_nil(x) = (x * 3) + helper(x, &nil) + other

class Base
  def run(a, &blk) = blk.call(a)
end

class Derived < Base
  def run(a, &blk)
    Object.class_eval { def other = 3 } if $redefine
    (a * 2) + super(a, &blk) + other
  end
end

4.times do |i|
  p [with_symbol(-i), with_proc(i), with_nil(i), Derived.new.run(i, &:succ)]
end
$redefine = true
p with_symbol(-10)
p with_proc(10)
p with_nil(10)
p Derived.new.run(10, &:succ)
