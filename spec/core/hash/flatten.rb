# flatten lists keys and values; a depth flattens Array values further.
tree = { fruits: ["apple", ["red", "green"]], veg: "leek" }
p tree.flatten
p tree.flatten(1), tree.flatten(2), tree.flatten(3), tree.flatten(-1)
p tree.flatten(0)
p({}.flatten)
begin
  tree.flatten("1")
rescue TypeError => e
  p e.message
end
