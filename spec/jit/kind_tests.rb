# `when Foo` and `is_a?(Foo)` with a constant class or module are kind
# tests in compiled code, until someone defines `===` (or `is_a?`).

module Shape; end
class Num; include Shape; end
class Add; include Shape; end
class Neg < Num; end

def kind(x)
  case x
  when Neg then :neg
  when Num then :num
  when Add then :add
  when Shape then :shape
  when Integer, Float then :number
  when Comparable then :comparable
  else :other
  end
end

def shape?(x) = x.is_a?(Shape) && x.kind_of?(Object)
def size_of(s) = s.size + s.length

values = [Num.new, Add.new, Neg.new, 3, 2.5, "s", nil, :sym]
counts = Hash.new(0)
3000.times { |i| v = values[i % values.size]; counts[kind(v)] += 1; shape?(v) }
p counts
p values.map { |v| shape?(v) }
p size_of("héllo"), size_of("")
2000.times { size_of("ab") }
begin
  [1].first.is_a?(3)
rescue TypeError => e
  p e.message
end
def check(x, c) = x.is_a?(c)
2000.times { check(1, Integer) }
begin
  check(1, "String")
rescue TypeError => e
  p e.message
end
class Add
  def self.===(other) = other == :sym
end
p values.map { |v| kind(v) }
class Neg
  def is_a?(_) = :mine
end
p shape?(Neg.new)
