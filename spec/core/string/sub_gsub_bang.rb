# sub! and gsub! return nil when nothing was replaced.
s = "hello"
p s.sub!("z", "x"), s.gsub!("z", "x"), s
p s.sub!("l", "L"), s, s.gsub!("l", "L"), s
p s.gsub!("L") { "l" }, s
t = "aaa"
p t.sub!("a", "a"), t
begin
  "x".freeze.sub!("z", "y")
rescue => e
  p e.class, e.message
end
