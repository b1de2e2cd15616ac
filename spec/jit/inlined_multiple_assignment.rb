# A multiple assignment from a value the runtime splits, in inlined and
# natively called methods: Arrays shorter and longer than the targets,
# and objects that convert with to_ary (or do not).

class Pair
  def initialize(a, b) = (@a, @b = a, b)
  def to_ary = [@a, @b]
end

class Parser
  def parts(text)
    whole, frac, extra = text.split(".")
    [whole, frac, extra]
  end

  def pair(value)
    first, second = value
    [first, second]
  end
end

def parse_all(parser, texts) = texts.map { |t| parser.parts(t) }

parser = Parser.new
r = nil
300.times { r = parse_all(parser, ["12.50", "7", "1.2.3"]) }
p r
s = nil
300.times { s = [parser.pair([1, 2, 3]), parser.pair([4]), parser.pair(Pair.new(5, 6))] }
p s
p parser.pair(7)
p parser.pair(nil)
# spec: skip-mode gc-stress 0.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
