a = 7
b = 2
p a + b
p a - b
p a * b
p a / b
p a % b
p a ** b
p -a
p +a
p a == b
p a != b
p a < b
p a <= b
p a > b
p a >= b
p a <=> b
p a & b
p a | b
p a ^ b
p a << b
p a >> b
p ~a
