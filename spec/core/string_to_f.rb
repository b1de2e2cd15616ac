p "1.5".to_f
p "-2.25".to_f
p "3".to_f
p "1e3".to_f
p "1.5e-3".to_f
p ".5".to_f
p "abc".to_f
p "".to_f
p "2.5xyz".to_f
p "  7.0".to_f
p "1_000.5".to_f
