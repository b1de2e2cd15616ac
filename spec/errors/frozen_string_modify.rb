s = "hello"
s << " there"
p s
s.freeze
p s.frozen?
s << " world"
