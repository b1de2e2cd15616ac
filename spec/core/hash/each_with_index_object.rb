# each_with_index, each_with_object and inject/reduce get pairs.
stock = { apples: 5, pears: 0, figs: 12 }
stock.each_with_index { |(fruit, n), i| puts "#{i + 1}. #{fruit} (#{n})" }
stock.each_with_index { |pair, i| p [pair, i] }
empty = stock.each_with_object([]) { |(fruit, n), list| list << fruit if n.zero? }
p empty
totals = stock.each_with_object(Hash.new(0)) { |(fruit, n), acc| acc[fruit.to_s.size] += n }
p totals
p stock.inject(0) { |sum, (_, n)| sum + n }
p stock.reduce { |a, b| a[1] > b[1] ? a : b }
p stock.inject { |memo, pair| memo + pair }
r = stock.each_with_index { }
p r.equal?(stock)
