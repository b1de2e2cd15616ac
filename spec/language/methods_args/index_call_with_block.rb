# `recv[args] { block }` and `recv[args, &blk]` call `[]` with the block.
class Lookup
  def [](*args, **keywords, &block)
    [args, keywords, block&.call]
  end
end
lookup = Lookup.new
p lookup[1] { 5 }
p lookup[1, k: 2]
p lookup[1, k: 2] { :both }
callable = proc { 7 }
p lookup[2, &callable]
p lookup[*[3, 4]] { :splat }
p [1, 2, 3][1]
p Hash[a: 2]
