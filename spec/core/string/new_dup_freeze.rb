# String.new, dup, +@, -@ and frozen?
s = String.new
p s, s.empty?, s.frozen?
t = String.new("abc")
p t, t.frozen?
u = t.dup
u << "d"
p t, u
f = "lit".freeze
p f.frozen?, f.dup.frozen?, f.clone.frozen?
p (+f).frozen?, (+f) == f, (+u).equal?(u)
d = -u
p d, d.frozen?, (-d).equal?(d)
p "abc".equal?("abc"), "abc".dup.equal?("abc")
class Name < String
end
n = Name.new("bob")
p n, n.class, n.dup.class, n.upcase.class, n.to_s.class, n.to_s == n
