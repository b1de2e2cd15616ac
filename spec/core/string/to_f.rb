# to_f: the longest leading decimal number.
p "1.5".to_f, ".5".to_f, "1.".to_f, "1.e5".to_f, "1e5".to_f, "1_000.5".to_f, "0x1A".to_f, "-".to_f, "Infinity".to_f, "NaN".to_f
p "1e".to_f, "1e+".to_f, "  -3.25xyz".to_f, "1__0".to_f, "_1".to_f, "1e400".to_f, "-.5".to_f, "5e-1_0".to_f, "-0".to_f
p "1._5".to_f, "1_.5".to_f, "1e_5".to_f, "1e5_".to_f, "  \n1.5".to_f, "1.5e3.2".to_f, "+.5".to_f, "._5".to_f, "1E2".to_f, "".to_f
p "-0x1A".to_f, "0X1".to_f, " +0x".to_f
p "-0x1.8p1".to_f, "+0x10".to_f, "-0x".to_f, "-0xg".to_f
