# The i, m and x flags of a literal, and what options and inspect show.
p(/abc/i =~ "xABC", /a.c/m =~ "a\nc", /a.c/ =~ "a\nc")
p(/a b c # comment
   d/x =~ "abcd")
p(/a/i.options, /a/x.options, /a/m.options, /a/mix.options, /a/.options)
p(/a/i, /a/m, /a/x, /a/mix, /a/im)
