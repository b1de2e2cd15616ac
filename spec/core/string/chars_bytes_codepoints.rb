# chars, bytes and codepoints, and the each_ forms that return the receiver.
s = "héllo"
p s.chars, s.bytes, s.codepoints, "".chars, "日本".chars, "\xe3\x81\x82\xff".chars
r = s.each_char { |c| print c, "|" }
puts
p r.equal?(s)
total = 0
r = "abc".each_byte { |b| total += b }
p total, r
r = "日本".each_codepoint { |c| p c }
p r
begin
  "\xff".codepoints
rescue => e
  p e.class, e.message
end
t = "ab"
t.each_char { |c| t << "x" if t.length < 5 }
p t
