# String patterns are literal text in sub, gsub, split and scan, but
# match and match? compile them.
p "a.b".sub(".", "-"), "a.b".gsub(".", "-"), "a.b".split("."), "a.b.c".scan(".")
p "axb".match?("a.b"), "axb".match("a.b")[0], "a.b" =~ /a.b/
p "ab".split("") , "ab".gsub("", "-")
