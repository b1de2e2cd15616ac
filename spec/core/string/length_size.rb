# length and size count characters, bytesize bytes.
["", "a", "hello", "héllo", "日本語", "😀x", "a\u0301"].each do |s|
  p [s, s.length, s.size, s.bytesize, s.empty?]
end
p "\xff\xfe".length, "\xe3\x81".length, "\xe3\x81\x82".length
p "abc".ascii_only?, "é".ascii_only?, "\xff".valid_encoding?, "é".valid_encoding?
