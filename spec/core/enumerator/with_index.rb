# with_index and each_with_index on enumerators: the block's results go
# back to the enumerated method.
p [4, 5].map.with_index { |x, i| x * i }
p [4, 5].map.with_index(1) { |x, i| [i, x] }
p [4, 5].each.with_index(1) { |x, i| x * i }
p [4, 5].each_with_index.map { |x, i| x * i }
p %w[a b c].select.with_index { |_, i| i.odd? }
p %w[a b c].reject.with_index { |_, i| i.odd? }
p %w[a b c].each_with_index.to_a
p({a: 1, b: 2}.map.with_index { |(k, v), i| "#{k}#{v}#{i}" })
p({a: 1, b: 2}.each_with_index.map { |pair, i| [pair, i] })
p [1, 2, 3].each_slice(2).with_index.map { |slice, i| slice.sum * i }
p [1, 2, 3].map.with_index.to_a
p [1, 2].each.with_index(10).to_a
p %w[x y].each_with_object([]).to_a
p %w[x y].each.with_object([]) { |s, acc| acc << s.upcase }
p [1, 2, 3].each.with_index(1).select { |x, i| i > 1 }
