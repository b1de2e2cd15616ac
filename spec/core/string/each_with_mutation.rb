# Iterators work on the string as it was when they started.
s = "abc"
seen = []
s.each_char { |c| seen << c; s << "!" if s.length < 6 }
p seen, s
u = "x\ny\n"
u.each_line { |l| u << "z" }
p u
