# An uncaught domain error from Random#rand.
r = Random.new(1)
r.rand(Float::INFINITY)
