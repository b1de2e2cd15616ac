# keys, values and iteration follow insertion order; re-assigning keeps a
# key's place, deleting and re-adding moves it to the end.
h = {}
%i[c a b].each_with_index { |k, i| h[k] = i }
p h.keys, h.values
h[:c] = 10
p h.keys
h.delete(:c)
h[:c] = 11
p h.keys, h.values, h.to_a
big = {}
1000.times { |i| big["k#{i}"] = i }
500.times { |i| big.delete("k#{i * 2}") }
p big.size, big.keys.first(3), big.values.last(2)
big["new"] = :n
p big.keys.last, big.first
