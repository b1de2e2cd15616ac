# pre_match, post_match, to_s, string and regexp.
m = /l+/.match("hello world")
p m.pre_match, m.post_match, m.to_s, m.string, m.regexp
p m.string.frozen?
s = "mutable"
m = /tab/.match(s)
s << "!"
p m.string, m.post_match
