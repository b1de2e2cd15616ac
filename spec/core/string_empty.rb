p "".empty?
p " ".empty?
p "a".empty?
s = ""
p s.empty?
s << "x"
p s.empty?
p "".length == 0
