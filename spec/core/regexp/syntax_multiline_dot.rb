# . does not match a newline unless /m (or (?m)) says so.
s = "a\nb"
p s =~ /a.b/, s =~ /a.b/m, s =~ /(?m)a.b/, s =~ /(?m:a.)b/, s[/.+/], s[/.+/m]
p "a\r\nb" =~ /a.\nb/
