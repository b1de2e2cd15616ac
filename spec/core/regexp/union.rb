# Regexp.union of Strings (quoted) and Regexps (embedded).
p Regexp.union, Regexp.union("a"), Regexp.union("a", "b.c"), Regexp.union(/x/i, "y")
p Regexp.union(["cat", "dog"]), Regexp.union(%w[a+ b?])
r = /single/
p Regexp.union(r).equal?(r)
p Regexp.union("cat", "dog") =~ "hotdog"
p Regexp.union =~ "anything"
