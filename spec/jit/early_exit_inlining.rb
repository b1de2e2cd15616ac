# Calls the inliner does not inline whole (past the recursion limit, or a
# callee too big) still get the callee's guard clause inlined: the base case
# returns without a call. These run long enough to compile, then change.

def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end

# The cheap side is the `else`.
def power(base, exp)
  if exp > 0
    base * power(base, exp - 1)
  else
    1
  end
end

# An early `return`, then more code with a return of its own.
def depth(node)
  return 0 if node.nil?
  left = depth(node[0])
  right = depth(node[1])
  1 + (left > right ? left : right)
end

def gcd(a, b)
  return a if b == 0
  gcd(b, a % b)
end

# Too big to inline whole, with a guard clause.
def classify(x)
  return :small if x < 10
  parts = []
  parts << :even if x.even?
  parts << :odd if x.odd?
  parts << :square if Integer.sqrt(x)**2 == x
  parts << :cube if (x**(1.0 / 3)).round**3 == x
  parts << :hundreds if x >= 100
  parts << :thousands if x >= 1000
  parts << :tens if x >= 10 && x < 100
  parts << :seven if x % 7 == 0
  parts << :eleven if x % 11 == 0
  parts << :thirteen if x % 13 == 0
  parts.join("-").to_sym
end

def classify_all(list) = list.map { |x| classify(x) }

def tree(levels) = levels == 0 ? nil : [tree(levels - 1), levels.odd? ? tree(levels - 2 < 0 ? 0 : levels - 2) : nil]

total = 0
300.times { |i| total += fib(i % 15) + power(2, i % 10) + gcd(i * 7, 91) }
p total
t = tree(9)
p 200.times.sum { depth(t) }
p classify_all((1..2000).to_a).tally.sort_by { |k, v| [-v, k] }.first(5)

# The guard of an inlined clause meets another kind: the interpreter
# resumes in the callee's frame.
p fib(10.0), power(1.5, 3), gcd(12.0, 18), depth([nil, [[nil, nil], nil]])
p classify(3.5), classify(2**70), classify(-4)
p fib(22), power(3, 45), power(2, 70)

# Redefining the callee after it was compiled and clause-inlined.
def gcd(a, b)
  return [:base, a] if b == 0
  gcd(b, a % b)
end
p gcd(84, 36), 100.times.map { |i| gcd(i + 1, 12) }.uniq.size
# spec: skip-mode gc-stress 1.0 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
