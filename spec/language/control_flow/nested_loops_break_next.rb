pairs = []
[1, 2, 3].each do |a|
  [10, 20, 30].each do |b|
    next if b == 20
    break if a == 2
    pairs << a + b
  end
end
p pairs
out = []
i = 0
while i < 3
  i += 1
  j = 0
  while true
    j += 1
    break if j > i
    next if j == 2
    out << [i, j]
  end
end
p out
