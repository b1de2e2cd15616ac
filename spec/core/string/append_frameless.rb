# `String#<<` of a String or an Integer calls no Ruby code: it runs without
# a frame, and again with it when it fails, so errors are MRI's.
s = +"ab"
s << "cd" << 101 << s
p s, s.encoding
t = +"caf"
t << 233
p t, t.length, t.bytesize
bin = "x".b
bin << 200
p bin, bin.encoding
ascii = "a".encode("US-ASCII")
ascii << 200
p ascii.encoding

def add(buffer, part) = buffer << part
1000.times { add(+"", "x") }
errors = [
  -> { add("frozen".freeze, "x") },
  -> { add(+"x", -1) },
  -> { add("x".b, 300) },
  -> { add(+"é", "\xff".b) },
  -> { add(+"x", :sym) },
  -> { add(+"x", nil) },
]
errors.each do |call|
  call.call
rescue => e
  p [e.class, e.message, e.backtrace[0][/in `.*'/]]
end

class Wrapped
  def to_str = "wrapped"
end
p add(+"a ", Wrapped.new)
p (+"x").concat("y", "z", 33)

# `concat` of several: one that fails leaves the receiver as it was.
s = +"é"
begin
  s.concat("a", "\xff".b)
rescue => e
  p e.class
end
p s, s.encoding
t = +"ab"
t.concat(t, "c", 100, t)
p t
u = +"x"
begin
  u.concat("y", :z)
rescue TypeError => e
  p e.message
end
p u
p (+"").concat, (+"a").concat("é").encoding
