# Integer arithmetic in a while loop: locals, comparisons, + - * / % and a
# branch on every iteration.
# Usage: while_loop.rb [ITERATIONS] (default 30 million).

n = ARGV[0] ? ARGV[0].to_i : 30_000_000
i = 0
sum = 0
while i < n
  sum = sum + i * 7 % 13 + i / 1024 % 5
  if sum > 1_000_000
    sum = sum - 999_983
  end
  i = i + 1
end
puts sum
