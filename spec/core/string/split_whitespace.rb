# split without a pattern (or with " ") splits on runs of whitespace.
p " a  b\tc\n d ".split, "a b c".split(" "), "abc".split, "".split, "   ".split, "a\u3000b".split
p "日本 語".split(" "), " lead".split, "trail ".split, "a\vb\fc\rd".split
p " a  b  c ".split(" ", 2), " a  b  c ".split(" ", -1), "a b c".split(nil, 2), "a b".split(" ", 0)
p "  ".split(" ", -1), "  ".split(" ", 2), "a b".split(" ", 1), "a".split(" ", -1)
