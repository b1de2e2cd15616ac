# srand returns the previous seed; the same seed replays the same numbers.
srand(10)
a = [rand, rand(100), rand(2**70)]
p srand(10)
b = [rand, rand(100), rand(2**70)]
p a == b, a
p srand(2**80)
p srand(-3)
p srand(7.8)
p srand
