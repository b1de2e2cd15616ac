# Calls that give every optional argument are direct (native, or inlined)
# calls; calls that leave some out fill in the defaults as the interpreter
# does.

$defaults = 0
def default_beta
  $defaults += 1
  2
end

def minimax(depth, alpha = -2, beta = default_beta)
  return alpha + beta if depth == 0
  minimax(depth - 1, alpha, beta) + minimax(depth - 1, alpha - 1, beta + 1)
end

def clamp(x, lo = 0, hi = 10) = x < lo ? lo : (x > hi ? hi : x)

def sum_clamped(n)
  total = 0
  n.times { |i| total += clamp(i - 5, 0, 8) + clamp(i) }
  total
end

p minimax(6)
p $defaults
3000.times { sum_clamped(20) }
p sum_clamped(20)
p minimax(3, 1)
p minimax(2, 1, 1)
p $defaults
def two(a, b = a * 2) = [a, b]
2000.times { |i| two(i, i) }
p two(3), two(3, 4)
begin
  two
rescue ArgumentError => e
  p e.message
end
begin
  two(1, 2, 3)
rescue ArgumentError => e
  p e.message
end
# spec: skip-mode gc-stress 0.8 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
