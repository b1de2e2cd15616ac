# rand(range) over Integers: inclusive and exclusive ends, negative
# beginnings, one-element ranges.
r = Random.new(31)
p Array.new(10) { r.rand(1..6) }
p Array.new(10) { r.rand(1...6) }
p Array.new(10) { r.rand(-5..5) }
p r.rand(7..7), r.rand(0..0)
p r.rand(10..2**40), r.rand(-(2**64)...0)
p r.rand(2**70..2**71)
