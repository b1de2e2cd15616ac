a = 1
b = 2
c = a + b
p c
a = "now a string"
p a
a = :sym
p a
a = nil
p a
x_1 = 10
_y = 20
camelCase = 30
p x_1 + _y + camelCase
