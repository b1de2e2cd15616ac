# A method that passes its block on (`&block`) to a compiled method calls
# it natively, the block with it: yields, block_given?, the block as a
# Proc, non-local return and break, and backtraces all see it.

def walk(n, acc, &blk)
  return acc if n == 0
  yield n
  walk(n - 1, acc + 1, &blk)
end

def given(n, &blk)
  return block_given? if n == 0
  given(n - 1, &blk)
end

def as_proc(n, &blk)
  return blk if n == 0
  as_proc(n - 1, &blk)
end

def call_at_bottom(n, &found)
  return found.call(n) if n == 0
  call_at_bottom(n - 1, &found)
end

def first_over(limit)
  walk(10, 0) { |k| return k if k < limit }
  :none
end

def fail_at(n, at, &blk)
  raise ArgumentError, "at #{n}" if n == at
  yield n
  fail_at(n - 1, at, &blk)
end

total = 0
seen = 0
1500.times do |i|
  seen += 1 if given(3) { }
  seen += 1 if given(3)
  total += walk(4, 0) { |k| total += k }
  total += call_at_bottom(3) { |k| k + 1 }
  total += as_proc(2) { |x| x * 2 }.call(i % 3)
  total += first_over(i % 10 + 2)
  total += walk(6, 0) { |k| break k * 100 if k == 4 }
end
p total
p seen
p given(2)
p as_proc(3)
p(as_proc(3) { }.class)
p first_over(0)
begin
  fail_at(5, 2) { |k| k }
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(5)
end
