# chomp and chop, and their bang forms.
p "line\n".chomp, "line\r\n".chomp, "line\r".chomp, "line\n\n".chomp, "line".chomp, "".chomp, "\n".chomp
p "abc".chomp("c"), "abc".chomp("bc"), "abc".chomp("x"), "abc".chomp(nil), "abc\n".chomp(""), "abc\n\r\n\n".chomp(""), "abc\r".chomp("")
p "abc\r".chomp("\n"), "abc\r\n".chomp("\r\n"), "日本\n".chomp
p "abc".chop, "a\r\n".chop, "a\n\r".chop, "".chop, "日本".chop, "x".chop
s = "text\n"
p s.chomp!, s, s.chomp!, s
p s.chop!, s, "".chop!, "".chomp!
t = "a--"
p t.chomp!("-"), t
begin
  "abc".chomp(1)
rescue => e
  p e.class, e.message
end
