# Hashes and Arrays hash by content, so they work as Hash keys; after a key
# is mutated, rehash files it again.
a = { x: 1, y: 2 }
b = { y: 2, x: 1 }
p a.hash == b.hash, a.hash == { x: 1 }.hash, {}.hash == {}.hash
p a.hash.class
table = { a => "point", [1, 2] => "array", { nested: [1] } => "nested" }
p table[b], table[[1, 2]], table[{ nested: [1] }], table[{ nested: [2] }]
key = [1]
lookup = { key => :found }
key << 2
p lookup[[1, 2]], lookup[[1]]
lookup.rehash
p lookup[[1, 2]], lookup
seen = {}
[[1, 2], [2, 1], [1, 2]].each { |pair| seen[pair] = seen.fetch(pair, 0) + 1 }
p seen
r = {}
r[:r] = r
p r.hash.class, [r].hash == [r].hash
arr = []
arr << arr
p arr.hash == arr.hash, { arr => 1 }.size
