# Two MatchData are equal when they are the same match.
a = /(b)/.match("abc")
b = /(b)/.match("abc")
c = /(b)/.match("abcb")
p a == b, a.eql?(b), a == c, a == "b"
p a.regexp == b.regexp
