# sum and count over a Hash's pairs.
order = { widget: 3, gadget: 2, gizmo: 5 }
price = { widget: 2.5, gadget: 10, gizmo: 1 }
p order.sum { |item, qty| qty * price[item] }
p order.sum { |_, qty| qty }
p order.sum(100) { |_, qty| qty }
p order.values.sum
p order.count, order.count { |_, qty| qty > 2 }, order.count([:gizmo, 5])
p({}.sum, {}.sum { 1 })
p({ a: 0.1, b: 0.2, c: 0.3 }.sum { |_, v| v })
p order.sum([]) { |item, qty| [item] * qty }.tally
begin
  order.sum
rescue TypeError => e
  p e.message
end
