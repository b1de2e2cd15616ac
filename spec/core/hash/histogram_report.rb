# A small report: grouping orders by customer, totals, and nested lookups.
orders = [
  { id: 1, customer: "acme", items: { widget: 2, gadget: 1 } },
  { id: 2, customer: "zenith", items: { widget: 5 } },
  { id: 3, customer: "acme", items: { gizmo: 3, widget: 1 } },
]
prices = { widget: 250, gadget: 1200, gizmo: 75 }
totals = Hash.new(0)
units = Hash.new { |h, k| h[k] = Hash.new(0) }
orders.each do |order|
  order[:items].each do |item, qty|
    totals[order[:customer]] += prices.fetch(item) * qty
    units[order[:customer]][item] += qty
  end
end
totals.sort_by { |_, cents| -cents }.each do |customer, cents|
  puts "#{customer.ljust(8)} #{(cents / 100).to_s.rjust(5)}.#{(cents % 100).to_s.rjust(2, "0")}"
end
p units
p units.transform_values { |per_item| per_item.values.sum }
best = units.max_by { |_, per_item| per_item[:widget] }
puts "most widgets: #{best[0]}"
p orders.group_by { |o| o[:customer] }.transform_values { |os| os.map { |o| o[:id] } }
p orders.sum { |o| o[:items].sum { |item, qty| prices[item] * qty } }
p orders.flat_map { |o| o[:items].keys }.tally
