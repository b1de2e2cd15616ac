p 1.0 == 1
p 1 == 1.0
p 2.0**64 == 2**64
p 2.0**64 == 2**64 + 1
p (2**53 + 1) > 2.0**53
p 2.0**53 < 2**53 + 1
p 1.5 <=> 2**70
p 2**70 <=> 1.5
p 1e30 <=> 10**30
p 10**30 <=> 1e30
p Float::INFINITY > 2**1000
p(-Float::INFINITY < -(2**1000))
p Float::NAN == Float::NAN
p Float::NAN <=> 1
p 1 <=> Float::NAN
p [Float::NAN < 1, Float::NAN > 1, 1 < Float::NAN, 1.0 == Float::NAN]
p [1.0.eql?(1), 1.0.eql?(1.0), 1.eql?(1.0), 1 === 1.0, 1.0 === 1]
