adder = ->(a, b) { a + b }
p adder.call(1, 2)
p adder.(3, 4)
p adder[5, 6]
adder.call(1)
