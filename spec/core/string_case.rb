p "Hello World".upcase
p "Hello World".downcase
p "abc123".upcase
p "ALREADY".upcase
p "".upcase
p "MiXeD".downcase
p "é".upcase
p "ÉCOLE".downcase
s = "keep"
t = s.upcase
p s
p t
