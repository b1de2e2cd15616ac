p 0.1 + 0.2
p 1 / 3.0
p 2 / 3.0
p 100.0 / 3
p 5e-324
p Float::MAX
p Float::MIN
p Float::EPSILON
p 2.0**70
p 1.1 * 1.1
p 0.1 * 3
p 1e100 / 3
