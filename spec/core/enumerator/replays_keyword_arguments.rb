# An Enumerator made by to_enum/enum_for replays the call with its keyword
# arguments as keywords.
class Source
  def each(a, k: 0)
    yield a + k
    yield a * k
  end
end
e = Source.new.to_enum(:each, 1, k: 5)
p e.to_a
p e.map { _1 * 2 }
p e.each { |v| p v }.class

def keyword_only(k: 1) = yield(k)
p enum_for(:keyword_only, k: 7).to_a
p enum_for(:keyword_only).to_a

def positional_hash(h) = yield(h)
p enum_for(:positional_hash, { k: 3 }).to_a
