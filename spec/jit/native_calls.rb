# Compiled methods calling compiled methods natively: the callees' frames
# exist only when something needs them (a backtrace, a block, `caller`, a
# deoptimisation), and then they must be exactly the interpreter's.

def depth_first(n)
  if n == 0
    raise ArgumentError, "bottom reached"
  end
  depth_first(n - 1) + 1
end

def countdown(n)
  return 0 if n == 0
  countdown(n - 1) + 1
end

def first_even(items, n)
  return -1 if n == 0
  items.each { |x| return x if x.even? }
  first_even(items, n - 1)
end

def caller_line(n)
  return caller(0, 3).map { |l| l.sub(/^.*?:/, "") } if n == 0
  caller_line(n - 1)
end

def with_ensure(n, log)
  return n if n == 0
  begin
    with_ensure(n - 1, log) + 1
  ensure
    log << n
  end
end

def deep(n)
  deep(n + 1) + 1
end

def leaf(x)
  x * 2
end

def sum_leaves(n)
  total = 0
  i = 0
  while i < n
    total += leaf(i)
    i += 1
  end
  total
end

3000.times { countdown(5) }
p countdown(20)
500.times do
  begin
    depth_first(4)
  rescue ArgumentError
  end
end
begin
  depth_first(4)
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(6).map { |l| l.sub(/^.*?:/, "") }
end
300.times { first_even([1, 3, 4, 5], 3) }
p first_even([1, 3, 7, 8, 10], 3)
p first_even([1, 3], 3)
300.times { caller_line(3) }
p caller_line(3)
log = []
300.times { with_ensure(3, []) }
p with_ensure(4, log)
p log
begin
  deep(0)
rescue SystemStackError => e
  p e.class
end
1000.times { sum_leaves(10) }
p sum_leaves(100)
# Overflow in a natively called callee: it deoptimises, and the
# interpreter makes the Bignum.
def twice_leaf(x)
  leaf(x) + 1
end
1000.times { twice_leaf(3) }
p twice_leaf(2**61)
# spec: skip-mode gc-stress 0.9 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
