items = %w[a b c d]
i = 0
result = []
loop do
  break if i >= items.length
  result << "#{i}:#{items[i]}"
  i += 1
end
p result
p(loop do break end)
n = 0
loop do
  n += 1
  next unless n == 5
  break
end
p n
