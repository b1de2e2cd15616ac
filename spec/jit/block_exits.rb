# Blocks with `return` and `break`, hot enough to be compiled on their own
# (not inlined): the compiled block hands the transfer to the runtime.

def find_first(items, wanted)
  items.each { |x| return x if x == wanted }
  nil
end

def take_until(items, stop)
  items.each_with_index.map { |x, i| break i if x == stop; x }
end

def lambda_result(n)
  l = ->(x) { return x * 2 if x > 2; x }
  l.call(n) + 1
end

def orphan
  proc { |x| return x }
end

def make_breaker
  proc { break 1 }
end

2000.times { |i| find_first([1, 2, 3], i % 4) }
p find_first([1, 2, 3], 2)
p find_first([1, 2, 3], 9)
2000.times { |i| take_until([1, 2, 3], i % 4) }
p take_until([5, 6, 7], 6)
p take_until([5, 6, 7], 8)
2000.times { |i| lambda_result(i % 5) }
p lambda_result(1)
p lambda_result(5)
pr = orphan
2000.times do
  begin
    pr.call(1)
  rescue LocalJumpError
  end
end
begin
  pr.call(3)
rescue LocalJumpError => e
  p [e.message, e.reason, e.exit_value]
end
br = make_breaker
begin
  br.call
rescue LocalJumpError => e
  p [e.message, e.reason]
end
# spec: skip-mode gc-stress 4.0 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
