# Random#seed answers the Integer given (a Float is truncated by to_int).
p Random.new(42).seed
p Random.new(-7).seed
p Random.new(2**100).seed
p Random.new(3.9).seed
p Random.new(0).seed
big = Random.new.seed
p big.is_a?(Integer), big >= 0
p Random.new(big).rand == Random.new(big).rand
