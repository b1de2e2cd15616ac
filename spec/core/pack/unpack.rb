# String#unpack and unpack1.
def try
  r = yield
  p r
rescue => e
  p e
end

try { "\x01\x02\x03".unpack("C*") }
try { "\xff\xfe".unpack("c*") }
try { "\x00\x01\x00\x00\x00\x02".unpack("nN") }
try { "\x01\x00\x02\x00\x00\x00".unpack("vV") }
try { "\x01".unpack("n") }
try { ["\xff\xff".unpack("s"), "\xff\xff".unpack("S"), "\x01\x02".unpack("s>")] }
try { "\x01\x02\x03\x04\x05\x06\x07\x08".unpack("Q<Q>") }
try { "\x01\x02\x03\x04\x05\x06\x07\x08".unpack("q>") }
try { "\xff\xff\xff\xff\xff\xff\xff\xff".unpack("q Q") }
try { "\xff\xff\xff\xff\xff\xff\xff\xff".unpack("Q") }
try { "\xff\xff\xff\xff\xff\xff\xff\xff".unpack("L_ l_") }
try { "\x01\x00\x00\x00\x02\x00\x00\x00".unpack("L*") }
try { "ab".unpack("C3") }
try { "abcde".unpack("S*") }
try { "\x82\x2c".unpack("w") }
try { "\x00\x7f\x81\x00\x81\x80\x00".unpack("w*") }
try { "abc  \0\0".unpack("A*") }
try { "abc  \0\0".unpack("a*") }
try { "abc\0def".unpack("Z*Z*") }
try { "abc\0def".unpack("Z2a*") }
try { "abc\0def".unpack("Z5") }
try { "abcdef".unpack("a2 A2 Z2 a") }
try { "aé".unpack("U*") }
try { "aé".b.unpack("U*") }
try { "\u{1f600}x".unpack("U2") }
try { "\xff".unpack("U*") }
try { "YWJj\n".unpack("m") }
try { "YWJjZA==".unpack("m") }
try { "YW Jj!ZA".unpack("m") }
try { "YWJjZA==".unpack("m0") }
try { "YWJjZA=".unpack("m0") }
try { "YWJj\n".unpack("m0") }
try { "abc".unpack("H*") }
try { "abc".unpack("h*") }
try { ["abc".unpack("H3"), "abc".unpack("H"), "abc".unpack("H10")] }
try { "abc".unpack("a1 x a1") }
try { "abc".unpack("a2 X a*") }
try { "abc".unpack("x5") }
try { "abc".unpack("X") }
try { "abc".unpack("@2a") }
try { "abc".unpack("@5a") }
try { "abc".unpack("C", offset: 1) }
try { "abc".unpack("C*", offset: 3) }
try { "abc".unpack("C", offset: 4) }
try { "abc".unpack("C", offset: -1) }
try { "abc".unpack("y C") }
p "abc".unpack("a").map(&:encoding), "abc".unpack("H*").map(&:encoding)
p "YWJj".unpack("m").map(&:encoding)

try { "abc".unpack1("a") }
try { "YWJj".unpack1("m") }
try { "abc".unpack1("H*") }
try { "\x01\x02".unpack1("n") }
try { "".unpack1("C") }
try { "abc".unpack1("@1a") }
try { "abc".unpack1("C", offset: 2) }
try { "a".unpack(3) }
try { "a".unpack }

# Round trips.
data = [1, -2, 70000, 2**40, "hi"]
packed = data.pack("C c N Q a*")
p packed, packed.unpack("C c N Q a*")
p [0x20ac].pack("U").unpack1("U"), ["hello"].pack("m0").unpack1("m0")
