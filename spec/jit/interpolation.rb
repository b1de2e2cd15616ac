# String interpolation in compiled code calls `to_s` as the interpreter does
# (an object whose `to_s` is not a String shows as `#<Class>`).

class Point
  def initialize(x, y) = (@x, @y = x, y)
  def to_s = "(#{@x}, #{@y})"
end

class Odd
  def to_s = 42
end

def describe(v) = "value: #{v}!"

out = []
3000.times { |i| out << describe(i.even? ? Point.new(i, -i) : i) }
p out.last(2)
p describe(nil)
p describe(:sym)
p describe(Odd.new).sub(/0x\h+/, "0x")
p describe(1.5)
# spec: skip-mode gc-stress 2.8 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
