# (?i) and friends run to the end of the enclosing group, alternatives
# included: a(?i)b|c is a(?i:b|c).
p "abc" =~ /b(?i)|^/, "xC" =~ /x(?i)b|c/, "C" =~ /x(?i)b|c/, "(AB)" =~ /\((?i)a|b\)/
p "aB" =~ /(a(?i)b)/, $1, "Ab" =~ /(?i)a(?-i)b/, "AB" =~ /(?i)a(?-i)b/
p(/(?i)ab/.to_s, /x(?i)y/.to_s, /(?x)a b/.to_s, /(?x)(?=a)/.to_s)
