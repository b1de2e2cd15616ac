# Interpolating a fixnum, Symbol or nil in compiled code makes its String
# at once while their `to_s` is the core's; anything else calls its own
# `to_s` (a non-String result shows as the default form), and a `to_s`
# redefined later is called from then on.

class Point
  def initialize(x) = @x = x
  def to_s = "P#{@x}"
end

class Odd
  def to_s = 42
end

def label(value) = "<#{value}>"
def line(i, sym) = "#{i}:#{sym}:#{nil}:#{label(i * 2)}"

out = []
1100.times { |i| out << line(i, :tag) }
p out.last, out.size
p label(Point.new(3)), label(1.5), label(2**70), label(:sym), label(nil), label("s")
p label(Odd.new).sub(/0x\h+/, "XX")

class Integer
  def to_s(*) = "int"
end
class Symbol
  def to_s = "sym"
end
p line(7, :tag)
class NilClass
  def to_s = "nothing"
end
p line(8, :tag)
