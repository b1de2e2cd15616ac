# An `ensure` clause runs in compiled code for an exception too: a call
# that raises inside the range it protects lands in the clause, which runs
# (with `$!` set, its own calls and loops, from inlined callees) and then
# raises the exception again; an exception raised in the clause replaces
# it, a `return` in the clause drops it, and an outer `rescue` of the same
# method takes what the clause passes on. Transfers that are not
# exceptions (`break`, `throw`) still run the clause.

class Flaw < StandardError; end

def check(x)
  raise Flaw, "flaw #{x}" if x % 3 == 0
  x
end

def noted(x, log)
  check(x) * 2
ensure
  log << ($! ? $!.message.size : 0)
end

# The clause calls, loops and keeps the locals of the call that raised.
def counted(x, log)
  step = :before
  a = check(x)
  step = :between
  b = check(x + 1)
  step = :after
  a + b
ensure
  i = 0
  while i < 2
    log << step
    i += 1
  end
end

# Nested: the inner clause passes the exception to the outer rescue, which
# passes it to the outer ensure on the way out of neither.
def nested(x, log)
  begin
    begin
      check(x)
    ensure
      log << :inner
    end
  rescue Flaw => e
    log << e.message.size
    -1
  ensure
    log << :outer
  end
end

# An exception raised in the clause replaces the pending one.
def replaced(x)
  check(x)
ensure
  raise ArgumentError, "replaced #{x}" if x % 5 == 0 && x % 3 == 0
end

# A `return` in the clause drops the exception.
def dropped(x)
  check(x)
ensure
  return -x if x % 6 == 0
end

# A `break` through the clause: not an exception, the clause still runs.
def broken(list, log)
  list.each do |x|
    begin
      check(x + 1)
      break x if x > 2
    ensure
      log << x
    end
  end
end

# The callee's clause, inlined into a caller that rescues.
def outer(x, log)
  noted(x, log) + 1
rescue Flaw
  -2
end

log = []
kinds = [:inner, :outer, :before, :between, :after]
logged = [0, 0, 0, 0, 0]
sums = [0, 0, 0, 0, 0, 0, 0]
1200.times do |i|
  begin
    sums[0] += noted(i, log)
  rescue Flaw
    sums[0] += 1
  end
  begin
    sums[1] += counted(i, log)
  rescue Flaw => e
    sums[1] += e.message.size
  end
  sums[2] += nested(i, log)
  begin
    sums[3] += replaced(i)
  rescue ArgumentError => e
    sums[3] += e.message.size * 100
  rescue Flaw
    sums[3] += 1
  end
  begin
    sums[4] += dropped(i)
  rescue Flaw
    sums[4] += 3
  end
  sums[5] += broken([i % 4 * 3, 4, 7], log).to_s.size
  sums[6] += outer(i, log)
  logged.each_index { |k| logged[k] += log.count(kinds[k]) }
  log.clear
end
p sums
p logged
p $!
begin
  replaced(15)
rescue => e
  p e.class, e.message, e.cause&.message
end
p dropped(6), outer(3, []), broken([0, 6], [])
