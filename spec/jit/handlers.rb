# Methods with `rescue` and `ensure` are compiled: a transfer (an
# exception, `throw`, a `break` or `return` through an `ensure`) that a
# call in compiled code makes goes to the interpreter, whose handlers take
# it at that call.

class Parse
  def self.number(text) = Integer(text)
end

def checked(value)
  raise ArgumentError, "negative: #{value}" if value.negative?
  value * 2
end

def parse(text)
  Parse.number(text)
rescue ArgumentError => e
  "bad #{e.message}"
end

def guarded(value, log)
  checked(value)
rescue ArgumentError => e
  log << $!.message
  -1
else
  log << :ok
  0
ensure
  log << :done
end

def retrying(log)
  tries = 0
  begin
    tries += 1
    raise "flaky" if tries < 3
    tries
  rescue RuntimeError
    log << tries
    retry
  end
end

def each_until(list)
  list.each do |x|
    begin
      return x if x > 2
      Integer("z") if x == 2
    rescue ArgumentError
      next
    ensure
      @seen = (@seen || 0) + 1
    end
  end
  nil
end

def caught(n)
  catch(:found) do
    n.times { |i| begin; throw :found, i if i == 3; ensure; @thrown = i; end }
    :none
  end
end

def counted_loop(limit)
  i = 0
  loop do
    i += 1
    raise StopIteration if i > 5
  end
  i + limit
end

log = []
i = 0
results = Hash.new(0)
while i < 2000
  results[parse(i.even? ? "12" : "x#{i % 3}")] += 1
  results[guarded(i % 5 - 2, log)] += 1
  results[retrying(log)] += 1
  results[each_until([1, 2, 3, 4])] += 1
  results[caught(i % 5)] += 1
  results[counted_loop(i % 2)] += 1
  i += 1
end
p results
p log.tally
p @seen, @thrown

def deep(n)
  return checked(-1) if n.zero?
  deep(n - 1)
ensure
  @unwound = (@unwound || 0) + 1
end
begin
  deep(3)
rescue ArgumentError => e
  puts "#{e.message} (#{@unwound} frames unwound)"
  puts e.backtrace.first(3)
end

# Inlined callees with handlers of their own.
def safe_div(a, b)
  a / b
rescue ZeroDivisionError
  :inf
ensure
  @divisions = (@divisions || 0) + 1
end

def ratios(list)
  list.map { |x| safe_div(12, x) }
end

i = 0
seen = Hash.new(0)
while i < 2000
  ratios([1, 0, 3]).each { |r| seen[r] += 1 }
  i += 1
end
p seen, @divisions
# spec: skip-mode gc-stress 18.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
