# `proc.call(args)` from compiled code runs the Proc's block at once (the
# core method's frame is hidden): lambdas check their arity, procs splat
# and pad, errors and backtraces are MRI's; a block parameter only called
# (`blk.call`) is the frame's block itself, until `Proc#call` is redefined.

class Sorter
  def initialize(less = nil)
    @less = less || ->(a, b) { (a <=> b) < 0 }
  end

  def less?(a, b) = @less.call(a, b)
end

def count_less(sorter, n)
  c = 0
  n.times { |i| c += 1 if sorter.less?(i, n - i) }
  c
end

def through(&found)
  found.call(21)
end

def twice(x, &blk)
  blk.call(x) + blk.call(x + 1)
end

p count_less(Sorter.new, 3000)
p count_less(Sorter.new(proc { |a, b| a > b }), 3000)
pairs = proc { |a, b| [a, b] }
p pairs.call(1)
p pairs.call(1, 2, 3)
p pairs.call([4, 5])
total = 0
3000.times { |i| total += through { |x| x * 2 } + twice(i) { |y| y } }
p total

strict = ->(a, b) { a + b }
p Sorter.new(strict).less?(1, 2)
begin
  strict.call(1)
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(2)
end
failing = ->(a, b) { raise "no order for #{a} and #{b}" }
begin
  Sorter.new(failing).less?(3, 4)
rescue RuntimeError => e
  puts e.message
  puts e.backtrace.first(3)
end

class Proc
  def call(*args) = "redefined #{args.inspect}"
end
p through { |x| x }
p Sorter.new.less?(1, 2)
