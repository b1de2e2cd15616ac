p 1.class
p -1.class
p 0.class
p (2**64).class
p 123456789012345678901234567890.class
p (2**64 - 2**64).class
p 0x10.class
p 1.class == 2.class
p (2**64).class == 1.class
