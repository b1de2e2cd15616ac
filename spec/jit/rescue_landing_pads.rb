# A `rescue` clause runs in compiled code: a call that raises inside the
# range it protects lands in the clause (from inlined callees, from each
# kind of a polymorphic send, from a `yield`), with the locals as they were
# at that call, `$!` set and restored, `retry`, and nested clauses, the
# inner one passing on what it does not match. (rescue_landing_pads_exits:
# what leaves the clauses.)

class Flaw < StandardError; end
class Crack < Flaw; end

def check(x)
  raise Flaw, "flaw #{x}" if x % 3 == 0
  raise Crack, "crack #{x}" if x % 7 == 0
  x
end

# The callee (inlined) raises; the clause sees the locals of each call.
def staged(x)
  stage = 1
  a = check(x)
  stage = 2
  b = check(x + 1)
  stage = 3
  a + b
rescue Crack => e
  -stage * 1000 - e.message.size
rescue Flaw => e
  -stage * 100 - ($!.equal?(e) ? 1 : 0)
end

# A polymorphic send: each kind's call lands in the clause.
class Quiet
  def run(x) = x
end

class Loud
  def run(x) = x.odd? ? raise(ArgumentError, "odd #{x}") : x * 2
end

class Broken
  def run(x) = x > 5 ? Integer("z#{x}") : x
end

def run_all(tasks, x)
  total = 0
  tasks.each do |task|
    begin
      total += task.run(x)
    rescue ArgumentError => e
      total -= e.message.size
    end
  end
  total
end

# `retry`, and a clause that passes on what it does not match.
def flaky(x, log)
  tries = 0
  begin
    tries += 1
    begin
      check(x + tries)
    rescue Crack
      log << :crack
      raise
    end
  rescue Flaw => e
    log << e.class
    retry if tries < 3
    -tries
  end
end

# A `yield` inside the range: the block raises.
def guarded_yield(x)
  yield x
rescue ZeroDivisionError => e
  e.message
end

# `$!` is the exception inside the clause and what it was before after it.
def errinfo(x)
  before = $!
  begin
    check(x)
  rescue Flaw
    inside = $!.message
  end
  [before, inside, $!]
end

sums = [0, 0, 0, 0, 0]
log = []
tasks = [Quiet.new, Loud.new, Broken.new]
1200.times do |i|
  sums[0] += staged(i)
  sums[1] += run_all(tasks, i % 9)
  sums[2] += flaky(i, log)
  sums[3] += guarded_yield(i) { |x| x % 5 == 0 ? x / 0 : x }.size
  sums[4] += errinfo(i)[1].to_s.size
end
p sums
p log.size, log.tally.sort_by(&:to_s)
p $!
p errinfo(3)
p guarded_yield(5) { |x| x / 0 }
p run_all(tasks, 7), run_all(tasks, 4)
