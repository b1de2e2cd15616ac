# strip, lstrip, rstrip (whitespace and NUL) and their bang forms.
s = " \t\n\v\f\r\0 hello world \0\t\n\v\f\r "
p s.strip, s.lstrip, s.rstrip
p "".strip, "   ".strip, "x".strip, "\u3000x\u3000".strip, " é ".strip
t = "  pad  "
p t.strip!, t, t.strip!
t = "  pad  "
p t.lstrip!, t, t.lstrip!, t.rstrip!, t, t.rstrip!
