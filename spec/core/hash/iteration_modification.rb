# While a Hash is iterated, entries may be changed or deleted, but adding
# a key raises RuntimeError; the Hash stays usable afterwards.
h = { a: 1, b: 2, c: 3 }
h.each { |k, v| h[k] = v * 10 }
p h
h.each { |k, _| h.delete(:b) if k == :a }
p h
begin
  h.each { |k, _| h[:"#{k}2"] = 0 }
rescue RuntimeError => e
  p e.class, e.message
end
p h
h[:d] = 4
p h
begin
  h.each_key { h.store(:e, 5) }
rescue => e
  p e.message
end
begin
  h.map { |k, v| h[v] = k }
rescue => e
  p e.message
end
h.each { |k, v| h.each { |k2, v2| h[k2] = v2 } }
p h
g = Hash.new { |hash, key| hash[key] = 0 }
g[:x] = 1
begin
  g.each { |k, v| g[:missing] }
rescue => e
  p e.message
end
p g
nested = { a: 1 }
nested.each { nested.each { } }
nested[:b] = 2
p nested
