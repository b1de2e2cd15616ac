# to_i: lenient parsing, underscores, bases.
p "42".to_i, "-17".to_i, "  12  ".to_i, "12abc".to_i, "abc".to_i, "".to_i, "1_000".to_i, "1__2".to_i, "_12".to_i, "12_".to_i
p "+-12".to_i, "- 12".to_i, " \n 12".to_i, "\v12".to_i, "\0 12".to_i, "123456789012345678901234567890".to_i
p "ff".to_i(16), "0x1f".to_i(16), "0x1f".to_i(10), "1f".to_i(16), "  -0b101".to_i(2), "z".to_i(36), "Z".to_i(36), "777".to_i(8), "0o17".to_i(8)
p "0x1f".to_i(0), "0b11".to_i(0), "0o17".to_i(0), "017".to_i(0), "0d19".to_i(0), "19".to_i(0), "08".to_i(0), "0_7".to_i(0), "0b_1".to_i(0)
[-> { "1".to_i(1) }, -> { "1".to_i(37) }, -> { "1".to_i(-1) }, -> { "1".to_i(nil) }].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
# Around the fixnum and 64-bit limits, where a machine-word read gives way to a Bignum.
p "4611686018427387903".to_i, "4611686018427387904".to_i, "-4611686018427387904".to_i, "-4611686018427387905".to_i
p "9223372036854775807".to_i, "9223372036854775808".to_i, "-9223372036854775808".to_i, "-9_223_372_036_854_775_809".to_i
p "7fffffffffffffff".to_i(16), "10000000000000000".hex, "-0x8000000000000001".hex, "1777777777777777777777".oct
