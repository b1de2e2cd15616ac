# Float arithmetic in a while loop: the Leibniz series for pi, plus a damped
# multiply-add, all on floats (one float-integer comparison per iteration).
# Usage: float_loop.rb [ITERATIONS] (default 20 million).

n = ARGV[0] ? ARGV[0].to_i : 20_000_000
i = 0
sum = 0.0
sign = 1.0
d = 1.0
x = 0.5
while i < n
  sum = sum + sign / d
  sign = 0.0 - sign
  d = d + 2.0
  x = x * 0.999999 + 0.25
  i = i + 1
end
puts sum * 4.0
puts x
