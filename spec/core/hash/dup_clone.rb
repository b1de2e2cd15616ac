# dup and clone copy the entries and defaults (clone also the frozen
# state and singleton methods); the copy is independent.
original = Hash.new { |h, k| h[k] = k.to_s }
original[:a] = "x"
copy = original.dup
copy[:b] = "y"
p original, copy, copy[:c], copy
p copy.default_proc.equal?(original.default_proc)
frozen = { a: [1] }.freeze
p frozen.dup.frozen?, frozen.clone.frozen?, frozen.clone(freeze: false).frozen?
frozen.dup[:a] << 2
p frozen
def original.hello = "hi"
p original.clone.hello
p original.dup.respond_to?(:hello)
ident = {}.compare_by_identity
p ident.dup.compare_by_identity?, ident.clone.compare_by_identity?
class Bag < Hash; end
bag = Bag.new(0)
bag[:x] = 1
p bag.dup.class, bag.dup[:nothing], bag.to_h.class, bag.to_h[:nothing]
