# The bang forms change the receiver and answer nil when nothing matched.
s = "hello"
p s.sub!(/l/, "L"), s
p s.sub!(/z/, "Z"), s
t = "banana"
p t.gsub!(/a/) { "o" }, t, t.gsub!(/x/, "y")
u = "frozen".freeze
begin
  u.gsub!(/z/, "y")
rescue FrozenError => e
  p e.message
end
