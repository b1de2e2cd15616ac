# Hash[...] builds a Hash from pairs, from key-value arguments, or from
# another Hash (without its default).
p Hash[[[:a, 1], [:b, 2]]]
p Hash[:a, 1, :b, 2]
p Hash[{ "k" => "v" }]
p Hash[[[:only]]]
p Hash[], Hash[[]]
d = Hash.new(7)
d[:x] = 1
copy = Hash[d]
p copy, copy.default, copy.equal?(d)
p Hash[%w[a b c].zip([1, 2, 3])]
class Table < Hash; end
p Table[{ a: 1 }].class
[[[1, 2, 3]], [[1]], [[nil]], [1, 2, 3], [[[]]]].each do |args|
  p Hash.[](*args)
rescue ArgumentError => e
  p e.message
end
p Hash.try_convert({ a: 1 }), Hash.try_convert([1]), Hash.try_convert(nil)
