# ^ and $ are line anchors; \A, \z and \Z are string anchors.
s = "first\nsecond\nthird\n"
p s.scan(/^\w+$/), s.scan(/^/).size, s =~ /\Afirst/, s =~ /\Asecond/, s =~ /third\Z/, s =~ /third\z/
p "a\n\n" =~ /a\Z/, "ab" =~ /b\Z/, "a\nb" =~ /a$/, "ab" =~ /\bb/, "a b" =~ /\bb/
p "line1\nline2".gsub(/^/, "# "), "x\n".gsub(/$/, "!")
p "aaa".gsub(/\Ga/, "b"), "foo bar".scan(/\b\w/)
