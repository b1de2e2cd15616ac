p 7.fdiv(2)
p 1.fdiv(3)
p 10.fdiv(2.5)
p (2**70).fdiv(2**69)
