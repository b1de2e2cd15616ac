# [] with one index: a character, counting from the end when negative.
s = "hello"
p s[0], s[1], s[4], s[5], s[-1], s[-5], s[-6], s[10]
u = "héllo日本"
p u[1], u[5], u[-1], u[-2], u[7]
p ""[0], ""[-1], "a"[0]
p s[1.9], s[-1.2]
p s.slice(0), s.slice(-1), s.slice(9)
begin
  s[nil]
rescue => e
  p e.class, e.message
end
begin
  s["a", "b"]
rescue => e
  p e.class, e.message
end
begin
  s[:a]
rescue => e
  p e.class, e.message
end
