class Item
  def inspect = "#<Item>"
end

[3, Item.new, 1].sort
