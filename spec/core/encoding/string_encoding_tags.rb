# Every String carries an encoding: UTF-8 for literals of a UTF-8 file,
# what force_encoding or b gives it otherwise.
p "abc".encoding, "é".encoding, "\xff".encoding, "\xE9".encoding
p __ENCODING__
s = "abc"
p s.force_encoding(Encoding::BINARY).equal?(s), s.encoding
p s.force_encoding("us-ascii").encoding, s.force_encoding("UTF-8").encoding
p s.force_encoding("Binary").encoding
b = "é".b
p b, b.encoding, b.bytes, "é".encoding
p "é".b.frozen?, "x".freeze.b.frozen?

# valid_encoding? and ascii_only? read the tag.
p "é".valid_encoding?, "é\xff".valid_encoding?, "é".b.valid_encoding?
p "é".force_encoding("US-ASCII").valid_encoding?, "abc".force_encoding("US-ASCII").valid_encoding?
p "é".ascii_only?, "é".b.ascii_only?, "abc".b.ascii_only?

# New Strings: String.new is binary; copies keep the encoding.
p String.new.encoding, String.new("a").encoding, String.new("a".b).encoding
p String.new(capacity: 3).encoding, String.new("é", encoding: "binary").encoding
p String.new("é", encoding: Encoding::BINARY)
s = "é".b
p s.dup.encoding, s.clone.encoding, (+s.dup.freeze).encoding, (-s).encoding
p "x".replace("\xff".b).encoding, ("a".b * 3).encoding, "abc".b.upcase.encoding
p "a,b".b.split(",").map(&:encoding), "ab".b.chars.map(&:encoding)

# Errors.
begin
  "x".force_encoding("foo")
rescue => e
  p e
end
begin
  "x".force_encoding(3)
rescue => e
  p e
end
begin
  "x".freeze.force_encoding("binary")
rescue => e
  p e
end
