# delete removes a key and returns its value (or nil, or the block's
# value for a missing key).
cart = { apple: 3, pear: 1, fig: 2 }
p cart.delete(:pear)
p cart.delete(:kiwi)
p cart.delete(:kiwi) { |key| "#{key} not in cart" }
p cart.delete(:fig) { |key| "unused" }
p cart
d = Hash.new(9)
p d.delete(:missing)
many = {}
100.times { |i| many[i] = i * i }
(0...100).step(3) { |i| many.delete(i) }
p many.size, many.first(3), many[99], many[98]
many[0] = :back
p many.keys.last, many.size
