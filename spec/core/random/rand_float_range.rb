# rand(range) with Float ends: an inclusive range may return its end
# (MRI's inclusive real), an exclusive one never does; mixed ends are Floats.
r = Random.new(77)
p Array.new(4) { r.rand(1.0..2.0) }
p Array.new(4) { r.rand(1.0...2.0) }
p r.rand(-1.5..1.5), r.rand(1..2.5), r.rand(0.5..3)
p r.rand(0.0..0.0)
p r.rand(-1e308..1e308)
