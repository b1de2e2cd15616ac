p 1.0.next_float
p 1.0.prev_float
p 0.0.next_float
p 0.0.prev_float
p(-0.0.next_float)
p Float::MAX.next_float
p Float::INFINITY.next_float
p Float::INFINITY.prev_float
p(-Float::INFINITY.next_float)
p Float::NAN.next_float.nan?
p 100.0.next_float - 100.0
p 5e-324.prev_float
