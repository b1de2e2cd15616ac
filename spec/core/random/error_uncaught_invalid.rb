# An uncaught invalid limit: the report names Random.rand.
puts "before"
Random.rand(-2)
puts "after"
