# map/collect/flat_map come from Enumerable: the block gets the pair
# (taken apart by two parameters) and the result is an Array.
menu = { soup: 4, salad: 6, steak: 18 }
p menu.map { |dish, price| "#{dish} $#{price}" }
p menu.collect { |pair| pair.reverse }
p menu.map { |*args| args }
p menu.flat_map { |dish, price| [dish] * (price / 6) }
p menu.map { |dish, price| [dish, price * 2] }.to_h
p menu.to_h { |dish, price| [dish.to_s.upcase, price] }
