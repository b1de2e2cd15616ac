p Float::INFINITY
p Float::NAN.nan?
p Float::EPSILON
p Float::MAX
p Float::MIN
p [Float::DIG, Float::MANT_DIG, Float::RADIX]
p [Float::MAX_10_EXP, Float::MIN_10_EXP, Float::MAX_EXP, Float::MIN_EXP]
p 1.0 + Float::EPSILON > 1.0
p Float::MAX * 2
