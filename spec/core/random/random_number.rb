# Random::Formatter#random_number: like rand, but a limit rand rejects
# means a float in [0, 1).
r = Random.new(21)
p r.random_number, r.random_number(10), r.random_number(2.5)
p r.random_number(0), r.random_number(-4), r.random_number(nil)
p r.random_number(3..5)
begin
  r.random_number("x")
rescue ArgumentError => e
  p e.message
end
