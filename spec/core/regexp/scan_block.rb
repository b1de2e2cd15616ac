# scan with a block gives each match and sets $~ for it.
r = "a1 b2 c3".scan(/([a-z])(\d)/) { |letter, digit| p [letter, digit, $~[0], $1] }
p r
"x y".scan(/\w/) { |w| p w }
out = []
"aXbXc".scan(/X/) { out << $`.size }
p out
