b = 2**70
p b
p b.class
p b.even?
b.upcase
