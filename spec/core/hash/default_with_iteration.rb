# Defaults never appear as entries: iteration, size and keys see only
# stored pairs.
h = Hash.new(0)
h[:a] += 1
h[:b]
p h, h.size, h.keys, h.to_a, h.count
memo = Hash.new { |m, k| m[k] = k * k }
[3, 1, 3, 2].each { |n| memo[n] }
p memo, memo.keys.sort, memo.sum { |_, v| v }
lazy = Hash.new { |_, k| k }
p lazy.values_at(1, 2), lazy.fetch(1, :fetched), lazy.dig(3), lazy
