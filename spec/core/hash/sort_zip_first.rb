# sort, zip, first, take, drop, to_a and entries see [key, value] pairs.
h = { b: 2, c: 1, a: 3 }
p h.sort
p h.sort { |(k1, v1), (k2, v2)| v1 <=> v2 }
p h.sort.to_h
p h.to_a, h.entries
p h.first, h.first(2), h.first(0), h.take(1), h.drop(2)
p h.zip([1, 2, 3])
p h.min, h.max, h.minmax
p h.uniq { |_, v| v.odd? }
p({}.first, {}.first(3), {}.to_a)
begin
  h.first(-1)
rescue ArgumentError => e
  p e.message
end
