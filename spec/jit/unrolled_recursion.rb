# Small recursive methods are compiled with their recursion unrolled once:
# each recursive call runs an inlined copy, whose own recursive calls are
# calls. Guards failing in the copy, overflow, exceptions and backtraces
# see both frames.

def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end

def double(n, k)
  k == 0 ? n : double(n * 2, k - 1)
end

def down(n)
  n == 0 ? raise(ArgumentError, "bottom") : down(n - 1)
end

def depth_seen(n)
  n == 0 ? caller.size : depth_seen(n - 1)
end

def count(list, i)
  i == list.size ? 0 : (list[i] ? 1 : 0) + count(list, i + 1)
end

p fib(20)
2000.times { fib(5) }
p fib(24)
# Floats: the fixnum guards fail in the inlined copies.
p fib(10.0), fib(2.5)
# Overflow into Bignum in a copy.
3000.times { double(1, 3) }
p double(1, 70), double(3, 61), double(-1, 63)
# An exception raised three frames deep (one a copy) unwinds them all.
3000.times { |i| begin; down(i % 4); rescue ArgumentError; end }
begin
  down(3)
rescue ArgumentError => e
  puts e.backtrace.first(5)
end
# Frames of inlined copies are named by caller.
3000.times { depth_seen(2) }
p depth_seen(0) + 4 == depth_seen(4)
p count([1, nil, 2, false, 3] * 20, 0)
# Redefining the method retires the code that unrolled it.
def fib(n) = n
p fib(30)
# spec: skip-mode gc-stress 2.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
