p [5.5.remainder(2), -5.5.remainder(2), 5.5.remainder(-2), -5.5.remainder(-2)]
p [5.5.remainder(Float::INFINITY), 12.0.remainder(4), -12.0.remainder(4), 13.0.remainder(4.0)]
p 1e20.remainder(7)
