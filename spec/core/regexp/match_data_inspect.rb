# inspect and to_s.
p(/b/.match("abc"))
p(/(a)(x)?/.match("a"))
p(/(?<first>a)(?<second>b)?/.match("a"))
p(/"(.)"/.match(%q{say "q" now}))
p(/\n/.match("a\nb")).inspect
puts(/(é)/.match("café").inspect)
