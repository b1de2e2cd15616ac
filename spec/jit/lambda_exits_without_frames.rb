# A lambda called from compiled code (`call`, `.()`, `yield` of `&lam`,
# `[]`) runs its compiled code without a frame record; its `return`,
# `break` and `next` still end the lambda's own call, from inside `ensure`,
# `rescue` and nested blocks too, and a `return` inside a proc made in it
# leaves the lambda.

def call_each(fn, n)
  total = 0
  n.times { |i| total += fn.call(i) }
  total
end

def yield_each(n)
  total = 0
  n.times { |i| total += yield(i) }
  total
end

early = ->(i) { return 1 if i.odd?; 2 }
broken = ->(i) { break 3 if i % 3 == 0; 4 }
skipped = ->(i) { next 5 if i > 10; 6 }
ensured = lambda do |i|
  begin
    return i % 2 if i > 5
    0
  ensure
    i + 1
  end
end
rescued = lambda do |i|
  begin
    raise ArgumentError, "odd" if i.odd?
    return 10
  rescue ArgumentError
    return 20
  end
end
nested = lambda do |i|
  [1, 2, 3].each { |x| return x * 100 if x == i % 4 }
  7
end
inner_proc = lambda do |i|
  pr = proc { return 8 }
  pr.call if i.even?
  9
end

[early, broken, skipped, ensured, rescued, nested, inner_proc].each do |fn|
  p call_each(fn, 1100)
  p yield_each(600, &fn)
  p (0...200).sum { |i| fn.(i) + fn[i] }
end

# A lambda's frame seen from inside: backtraces, a caught exception,
# `caller` through it.
where = ->(i) { caller(0, 1).first.sub(/:\d+:/, ":N:") if i == 1199 }
last = nil
1200.times { |i| last = where.call(i) || last }
puts last
failing = ->(i) { raise "stop at #{i}" if i == 1099; i }
begin
  call_each(failing, 1100)
rescue RuntimeError => e
  puts e.message
  puts e.backtrace.first(3)
end
