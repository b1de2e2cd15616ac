# transform_values builds a new Hash; transform_values! changes the receiver.
prices = { tea: 3, cake: 5, pie: 4 }
p prices.transform_values { |v| v * 2 }
p prices.transform_values(&:to_s)
p prices
with_default = Hash.new(0).merge(prices)
p with_default.transform_values { |v| v }.default
r = prices.transform_values! { |v| v + 1 }
p r.equal?(prices), prices
p({}.transform_values { raise "never" })
prices.freeze
begin
  prices.transform_values! { |v| v }
rescue FrozenError => e
  p e.message
end
p prices.transform_values { |v| -v }
