# A call whose receiver spans lines runs on the line of its method name:
# that is the line backtraces show for it.

def fail_here(*) = raise("x")

def trace
  yield
rescue => e
  puts e.backtrace
end

trace do
  [
    1
  ].each do
    fail_here(1,
              2)
  end
end

trace do
  fail_here(
    1)
end

trace do
  Object
    .new
    .fail_here_please(
      3)
end

trace do
  y = 1 +
    nil
end

def id(a) = a

trace do
  id(1)
    .missing
end

p [3, 1, 2]
  .sort
  .map { |v| v * 2 }
