# In ASCII-8BIT every byte is a character.
s = "é€".b
p s, s.length, s.size, s.bytesize
p s[0], s[1], s[-1], s[1, 2], s[1..], s[10]
p s.chars, s.reverse, s.index("\xA9".b), s.index("\x82".b, 3), s.rindex("\x82".b)
p s.each_char.to_a, s.bytes, s.each_byte.to_a
p s.getbyte(0), s.getbyte(-1), s.getbyte(9)
p s.byteslice(1, 2), s.byteslice(1, 2).encoding
p s.start_with?("\xC3".b), s.end_with?("\xAC".b)
p s.include?("\xA9\xE2".b), s.count("\xC3".b), s.delete("\xC3".b)
p s.upcase, "abc\xE9".b.upcase, s.center(9, "*"), s.ljust(7).encoding
p s.succ, s.ord, s.chr, s.codepoints, s.tr("\xA9".b, "x")
p s.split("".b), s.each_char.map(&:encoding).uniq
t = "héllo".b
t.setbyte(0, 72)
p t, t.encoding
t[1] = "e"
p t, t.length

# inspect shows every byte past ASCII as \xNN, in US-ASCII too.
p "é".force_encoding("US-ASCII"), "é\n\"#{1}\"".b, "é".b.inspect
puts "é".b.inspect, "é".b.dump

# == and eql? compare bytes and comparable encodings; hash agrees.
p "é".b == "é", "a".b == "a", "é".b.eql?("é"), "a".b.eql?("a")
p "é".b == "é".b, "é".force_encoding("US-ASCII") == "é".b, "" == "".b
p "a".b.hash == "a".hash, "é".b.hash == "é".hash, "é".b.hash == "é".b.hash
p "ab".b <=> "ab", "é".b <=> "é", "é" <=> "é".b, "é".b <=> "é".b
h = { "a" => 1, "é" => 2 }
p h["a".b], h["é".b], h["é"]
p ["é", "é".b, "a", "a".b].uniq.size
