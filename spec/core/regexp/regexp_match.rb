# Regexp#match: a MatchData or nil, from a position, with a block.
m = /(\d+)/.match("abc 123 def 456")
p m, m[1]
p(/(\d+)/.match("abc 123 def 456", 7))
p(/\d/.match("abc"), /\d/.match(nil), $~)
p(/b/.match("abc", -2), /b/.match("abc", 5), /b/.match("abc", -10))
r = /(.)(.)/.match("xy") { |md| md.captures.reverse }
p r
p(/z/.match("xy") { |md| :never })
p(/b/.match(:abc))
