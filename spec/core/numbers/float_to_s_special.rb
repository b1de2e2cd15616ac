p Float::INFINITY
p(-Float::INFINITY)
p Float::NAN
p(-0.0)
p 0.0
puts 1.0 / 0
puts(-1.0 / 0)
puts 0.0 / 0
puts(-0.0)
