# upcase, downcase, capitalize and swapcase, ASCII and Unicode.
["hello World", "", "123 abc", "héllo wörld", "ÀÉÎ", "straße", "ǆemal", "ﬃ", "ΣΑΣ", "İstanbul", "ŉ"].each do |s|
  p [s.upcase, s.downcase, s.capitalize, s.swapcase]
end
s = "Mixed"
s.upcase
p s
