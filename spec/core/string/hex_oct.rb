# hex and oct.
p "0x1f".hex, "-0x1f".hex, "ff".hex, "FF".hex, "zz".hex, "0x".hex, "0x_1f".hex, "1_f".hex, "".hex
p "777".oct, "0x1f".oct, "0b11".oct, "-17".oct, "0o17".oct, "89".oct, "0d19".oct, "0_7".oct, "789".oct, "".oct
