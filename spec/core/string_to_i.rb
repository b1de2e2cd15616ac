p "42".to_i
p "-17".to_i
p "  12  ".to_i
p "12abc".to_i
p "abc".to_i
p "".to_i
p "1_000".to_i
p "0x1A".to_i
p "3.99".to_i
p "+5".to_i
p "123456789012345678901234567890".to_i
p "007".to_i
