# Random.rand, Random.srand, Random.seed and Random.bytes use the default
# generator that Kernel#rand uses.
Random.srand(55)
p Random.seed
p Random.rand, Random.rand(10), Random.rand(2.5), Random.rand(3..4)
srand(55)
p rand, rand(10)
p Random.random_number(6), Random.random_number(-1).class, Random.random_number(0).class
p Random.bytes(5).bytes
