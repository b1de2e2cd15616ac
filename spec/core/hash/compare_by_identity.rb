# compare_by_identity: keys match only the very same object.
a = "key"
b = "key"
h = {}.compare_by_identity
h[a] = 1
h[b] = 2
p h.size, h[a], h[b], h["key"], h.compare_by_identity?
p h.keys[0].equal?(a), h.keys[0].frozen?
p({}.compare_by_identity?)
p h == { "key" => 1 }, {}.compare_by_identity == {}
plain = { "x" => 1, 1 => :one, :s => :sym }
plain.compare_by_identity
p plain[1], plain[:s], plain["x"], plain.size
r = plain.compare_by_identity
p r.equal?(plain)
p h.dup.compare_by_identity?, h.select { true }.compare_by_identity?
begin
  { a: 1 }.each { |_| plain.compare_by_identity; {z: 1}.compare_by_identity }
  q = { a: 1 }
  q.each { q.compare_by_identity }
rescue RuntimeError => e
  p e.message
end
