total = 0
[1, 2, 3].each { |x| total += x }
p total
words = []
3.times { |i| words << "w#{i}" }
p words
best = nil
[5, 3, 9, 1].each { |v| best = v if best.nil? || v > best }
p best
