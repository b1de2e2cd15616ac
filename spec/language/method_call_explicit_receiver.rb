p 1.+(2)
p 10.-(3)
p 6.*(7)
p 5.==(5)
p 3.<(4)
x = 42
p x.to_s
p x.to_s.length
p "abc".upcase.reverse
p 1.0.+(2)
p(-5.abs)
p 5.succ.succ
p :sym.to_s.upcase
p nil.to_s
