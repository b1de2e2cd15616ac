# Methods whose blocks capture their locals, called on paths that touch the
# captured locals at different points, or not at all.

def count_down(n, seen)
  return seen if n == 0
  k = n - 1
  count_down(k, seen)
  k.downto(0) { |i| seen << [n, k, i] if i == k }
  seen
end
p count_down(3, [])

# A captured local read before any write: nil.
def read_first(flag)
  captured = 0 if false
  if flag
    p captured
  end
  captured = 1
  [1, 2].map { |x| x + captured }
end
p read_first(true)
p read_first(false)

# The block made before the captured local is written.
def block_first
  base = 0 if false
  adder = lambda { |x| x + base }
  base = 10
  adder.call(5)
end
p block_first

# A captured parameter, and a proc that escapes the call.
def counter(start)
  -> { start += 1 }
end
c = counter(5)
p c.call, c.call, counter(0).call

# An early return on some calls, a block on others, many times.
def pick(list, n)
  return list.first if n < 0
  found = nil
  list.each { |x| found = x if x > n }
  found
end
total = 0
2000.times { |i| total += (pick([1, 5, 9], i % 7 - 2) || 0) }
p total

# The environment first made in a rescue clause.
def rescued(n)
  Integer("x#{n}")
rescue ArgumentError
  message = "bad #{n}"
  [1].map { message }
end
p rescued(3)
