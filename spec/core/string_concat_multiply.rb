p "a" + "b"
p "" + ""
s = "x"
t = s + "y"
p s
p t
p "ab" * 3
p "ab" * 0
p "-" * 10
p "é" * 2
p ("a" + "b") * 2
