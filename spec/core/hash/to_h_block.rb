# Hash#to_h with a block maps each |key, value| to a new pair; without one
# it returns the Hash itself.
prices = { "tea" => 3, "cake" => 5 }
p prices.to_h.equal?(prices)
p prices.to_h { |name, price| [name.to_sym, price * 100] }
p prices.to_h { |name| [name, name.size] }
p prices.to_h { |*pair| pair.reverse }
[nil, 5, [1], [1, 2, 3], "ab"].each do |result|
  prices.to_h { result }
rescue TypeError, ArgumentError => e
  p e.class, e.message
end
