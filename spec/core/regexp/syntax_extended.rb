# /x ignores whitespace and comments, except in a class and when escaped.
re = /
  (\d{3})  # area
  [ -]     # a space or a dash
  (\d{4})  # number
/x
p re =~ "call 555 1234", $1, $2, re =~ "555-1234"
p(/a\ b/x =~ "a b", /a\#b/x =~ "a#b", /(?x) a b /=~ "ab", /(?x: a ) b/ =~ "a b", /a(?-x: b)/x =~ "a b")
