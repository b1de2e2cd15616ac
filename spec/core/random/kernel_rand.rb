# Kernel#rand on the default generator after srand: no argument, Integer,
# negative and Float limits (truncated), 0 and nil (a float), ranges.
srand(1234)
p rand, rand
p rand(10), rand(1000)
p rand(-100)
p rand(1.9), rand(-3.5)
p rand(0), rand(nil)
p rand(1..6), rand(2.5..3.5)
p rand(5..1), rand(1...1)
p Kernel.rand(100)
