rows = [["apple", 3, 1.25], ["banana", 12, 0.5], ["cherry", 100, 12.125]]
puts format("%-10s %5s %8s", "item", "qty", "price")
rows.each do |name, qty, price|
  puts format("%-10s %5d %8.2f", name, qty, price)
end
total = rows.sum { |_, q, pr| q * pr }
puts format("%-10s %14.2f", "total", total)
puts format("%s", "-" * 25)
puts format("%3d%% done", 75)
