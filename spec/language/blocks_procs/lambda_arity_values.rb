lams = [
  -> {},
  ->(a) {},
  ->(a, b) {},
  ->(a, b = 1) {},
  ->(a = 1, b = 2) {},
  ->(*a) {},
  ->(a, *b) {},
  ->(a, *b, c) {},
  ->(a, b:) {},
  ->(a, b: 1) {},
  ->(**kw) {},
  ->(&blk) {},
]
lams.each { |l| print l.arity, " " }
puts
def m(a, b = 1, *c, d, e:, f: 2, **g, &h); end
p method(:m).arity
