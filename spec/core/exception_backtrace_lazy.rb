# An exception's backtrace is the frames where it was raised, however late
# it is read, and whoever reads it.

def inner(kind)
  raise ArgumentError, "bad #{kind}" if kind == :arg
  [1].each { |x| raise KeyError, "in block #{x}" }
end

def middle(kind) = inner(kind)

def outer(kind)
  middle(kind)
rescue ArgumentError => e
  e
end

saved = outer(:arg)
puts saved.backtrace.first(3)
puts saved.backtrace.equal?(saved.backtrace)

begin
  middle(:key)
rescue KeyError => e
  later = e
end
def read_later(e) = e.backtrace.length
puts read_later(later) >= 5
puts later.backtrace.first

# Re-raising keeps the first backtrace.
begin
  begin
    middle(:arg)
  rescue => e
    raise e
  end
rescue => again
  puts again.backtrace.first
end

# set_backtrace replaces it; raise's third argument too.
e = RuntimeError.new("x")
p e.backtrace
e.set_backtrace(["a:1", "b:2"])
p e.backtrace
begin
  raise e
rescue => r
  p r.backtrace
end
begin
  raise RuntimeError, "y", ["c:3"]
rescue => r
  p r.backtrace
end
begin
  middle(:arg)
rescue => r
  r.set_backtrace(["d:4"])
  p r.backtrace
end

# Raised in a rescue clause and in an ensure clause.
def in_rescue
  raise "first"
rescue
  raise TypeError, "second"
end
begin
  in_rescue
rescue TypeError => t
  puts t.backtrace.first(2)
  p t.cause.message
  puts t.cause.backtrace.first
end

def in_ensure
  1
ensure
  raise IndexError, "from ensure"
end
begin
  in_ensure
rescue IndexError => t
  puts t.backtrace.first(2)
end

# Many raises, rescued without a look at their backtraces, then one read.
errors = 200.times.map do |i|
  begin
    inner(i.even? ? :arg : :key)
  rescue ArgumentError, KeyError => e
    e
  end
end
puts errors.map { |e| e.backtrace.first }.uniq

# An uncaught exception's report.
middle(:key)
