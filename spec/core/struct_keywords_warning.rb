# Struct#initialize of a Struct without keyword_init given only keywords
# warns, as MRI 3.1 does (to stderr, at the caller's line), and takes the
# Hash as its first member; a Hash literal does not warn.
T = Struct.new(:a, :b)
p T.new(a: 1, b: 2).to_a
p T.new({a: 1}).to_a
h = {a: 3}
p T.new(**h).to_a
p T.new(1, b: 2).to_a
K = Struct.new(:a, keyword_init: true)
p K.new(a: 1).a
def make = T.new(x: 1)
p make.to_a
