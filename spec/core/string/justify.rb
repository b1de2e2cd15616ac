# center, ljust and rjust, with pad strings.
p "abc".center(9), "abc".center(8), "abc".center(9, "12"), "abc".center(8, "12"), "abc".center(2), "abc".center(-1)
p "abc".ljust(6), "abc".ljust(8, "12"), "abc".ljust(3, "x"), "abc".rjust(6), "abc".rjust(8, "12"), "abc".rjust(1)
p "日本".center(6, "*"), "é".ljust(3, "ü"), "x".rjust(4, "日本"), "abc".center(7.9, "-")
[
  -> { "abc".center(10, "") },
  -> { "abc".ljust(nil) },
  -> { "abc".rjust(5, 1) },
  -> { "abc".center }
].each do |f|
  begin
    f.call
  rescue => e
    p [e.class, e.message]
  end
end
# Pads of several characters repeat whole, then in part; multibyte pads
# count characters.
p "ab".center(11, "xyz"), "é".rjust(5, "àb"), "x".ljust(4, "ab"), "é".center(6, "é")
p "".ljust(7, "abc"), "abc".rjust(2, "xy"), "a".center(1000, "-").size
