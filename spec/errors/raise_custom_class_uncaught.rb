class InventoryError < StandardError
end

class Store
  def take(n)
    raise InventoryError, "only 3 left, wanted #{n}" if n > 3
  end
end

Store.new.take(2)
puts "took 2"
Store.new.take(9)
