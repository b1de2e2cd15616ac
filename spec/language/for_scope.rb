# `for` opens no scope: what its body assigns is a local of the scope
# around the loop, and keeps its last value after it.
for i in 1..2
  w = i * 10
end
p w, i

def sums(rows)
  for row in rows
    total = 0
    for x in row
      total += x
      last, first = x, row.first
    end
    seen ||= []
    seen << total
  end
  [total, last, first, seen, row, x]
end
p sums([[1, 2], [3, 4, 5]])

# A loop that never runs still declares them, as nil.
for never in []
  unset = 1
end
p never, unset
p defined?(unset)

# Locals of a block written in the body stay the block's.
for k in [1]
  [k].each { |v| inner = v }
end
p defined?(inner)

# Inside a block, the loop's locals are the block's.
[1, 2].each do |n|
  for j in 1..n
    here = j
  end
  p [n, here]
end
p defined?(here)

# Rescued exceptions and multiple assignment.
for s in ["1", "x"]
  begin
    Integer(s)
  rescue ArgumentError => error
    a, b = s, error.class
  end
end
p a, b, error.message
