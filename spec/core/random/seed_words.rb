# A seed is cut into 32-bit words: one word seeds with init_genrand, more
# with init_by_array; a top word of 1 is a guard and dropped, so 2**32
# seeds as 0 does. Negative seeds use their absolute value.
p Random.new(0).rand == Random.new(2**32).rand
p Random.new(5).rand == Random.new(-5).rand
p Random.new(2**32 - 1).rand, Random.new(2**32 + 1).rand
p Random.new(2**64).rand, Random.new(2**64 + 2**32).rand
p Random.new(2**62).rand(1000), Random.new(2**200 + 1).rand(1000)
p Random.new(-(2**70)).rand(10**6)
