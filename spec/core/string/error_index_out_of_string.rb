s = "abc"
s[10] = "x"
