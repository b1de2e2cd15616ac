# Empty matches: between every character, and at the end.
p "abc".gsub(//, "-"), "abc".gsub(/x*/, "-"), "abc".gsub(/b*/, "-"), "".gsub(//, "-")
p "héllo".gsub(//, "."), "abc".sub(//, "^"), "a\nb".gsub(/$/, "!"), "a\nb\n".gsub(/^/, "> ")
