# Array#to_h turns [key, value] pairs (or what the block returns) into a
# Hash; elements must be two-element Arrays.
p [[:a, 1], [:b, 2]].to_h
p %w[apple fig].to_h { |w| [w, w.size] }
p [[1, 2], [1, 3]].to_h
p [].to_h
pairs = [["x", 1]]
h = pairs.to_h
p h.keys[0].frozen?, pairs[0][0].frozen?
[[[1, 2], 3], [[1]], [[1, 2, 3]], [nil]].each do |bad|
  p bad.to_h
rescue TypeError, ArgumentError => e
  p e.class, e.message
end
begin
  [1, 2].to_h { |x| x }
rescue TypeError => e
  p e.message
end
