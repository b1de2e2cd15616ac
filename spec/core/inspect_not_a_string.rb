# `inspect` that returns something other than a String: MRI's `rb_inspect`
# makes the result a String as interpolation does (`to_s`, or the default
# `#<Class:0x...>` of the result when its `to_s` is not a String either).
class NilInspect
  def inspect; end
end

class IntegerInspect
  def inspect = 42
end

class SymbolInspect
  def inspect = :sym
end

class Word
  def initialize(text) = @text = text
  def to_s = "word #{@text}"
end

class WordInspect
  def inspect = Word.new("w")
end

class Stubborn
  def to_s = 7
end

class StubbornInspect
  def inspect = Stubborn.new
end

p(NilInspect.new)
p(IntegerInspect.new)
p(SymbolInspect.new)
p(WordInspect.new)
puts([StubbornInspect.new].inspect.sub(/0x\h+/, "0xX"))
p([NilInspect.new, IntegerInspect.new, WordInspect.new])
p({NilInspect.new => SymbolInspect.new})
p(format("<%p> <%p> <%p>", NilInspect.new, IntegerInspect.new, WordInspect.new))
x = p(NilInspect.new, SymbolInspect.new)
puts(x.size)
puts([NilInspect.new].inspect.size)
puts("#{Stubborn.new}".sub(/0x\h+/, "0xX"))
