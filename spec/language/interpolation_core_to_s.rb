# Interpolating an Integer, a Symbol or nil writes it without calling
# to_s while the core's to_s stands; a redefined to_s is called.

def show(x) = "[#{x}]"
def alone(x) = "#{x}"

2000.times { |i| show(i); show(:a); show(nil); alone(i) }
p show(42), show(-7), show(0), show(4611686018427387903), show(2**64)
p show(:sym), show(:"with space"), show(:"é"), show(nil), show(true), show(1.5)
p alone(3), alone(:s), alone(nil)
p alone(3).frozen?, alone(:s).frozen?, alone(nil).frozen?
s = alone(12)
s << "!"
p s, alone(12)
t = alone(nil)
t << "x"
p t, alone(nil)

class Integer
  def to_s(*) = "int"
end
p show(5), alone(5), show(2**70)

class Symbol
  def to_s = "sym"
end
p show(:a), alone(:b)

class NilClass
  def to_s = "NIL"
end
p show(nil), alone(nil)
# spec: skip-mode gc-stress 1.6 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
