# <<, concat and prepend change the receiver and return it.
s = "a"
r = s << "b"
p r, s, r.equal?(s)
s << 99 << 0x263a
p s
s.concat("x", "y")
p s
s.concat
p s
t = "ab"
t.concat(t, t)
p t
u = "world"
p u.prepend("hello ", "big "), u
p u.prepend, u
v = "é"
v << "日"
p v, v.length, v.bytesize
begin
  "a" << nil
rescue => e
  p e.class, e.message
end
begin
  "a" << -1
rescue => e
  p e.class, e.message
end
begin
  "a" << 0x110000
rescue => e
  p e.class, e.message
end
begin
  "a".concat(1.5)
rescue => e
  p e.class, e.message
end
