# slice! with a Regexp removes the match.
s = "hello world"
p s.slice!(/o w/), s
p s.slice!(/z/), s
t = "a1b2"
p t.slice!(/[a-z](\d)/, 1), t
