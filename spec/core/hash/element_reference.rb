# [] looks keys up by hash/eql?: 1 and 1.0 are different keys, equal
# Strings and Arrays are the same key.
h = { 1 => :int, 1.0 => :float, "one" => :string, :one => :symbol, [1, 2] => :array, nil => :nil, true => :true }
p h[1], h[1.0], h["one"], h[:one], h[[1, 2]], h[nil], h[true]
p h[2], h["ONE"], h[[2, 1]], h[false]
p h[2 - 1], h[0.5 * 2], h["o" + "ne"], h[[1] + [2]]
big = 2**70
h[big] = :big
p h[2**70], h[big + 0]
z = { 0.0 => :zero }
p z[-0.0], z[0]
p h.size
