# String#encode between UTF-8, ASCII-8BIT and US-ASCII: ASCII converts,
# anything else raises MRI's errors or is replaced when asked.
def try
  r = yield
  p [r, r.encoding]
rescue => e
  p e
end

try { "abc".encode("US-ASCII") }
try { "abc".encode(Encoding::BINARY) }
try { "abc".b.encode("UTF-8") }
try { "abc".encode }
try { "\xff".encode("UTF-8") }
try { "é".encode("UTF-8", "binary") }

# Undefined conversions.
try { "é".encode("US-ASCII") }
try { "é".encode("BINARY") }
try { "€".encode("US-ASCII") }
try { "😀".encode("US-ASCII") }
try { "\xff".b.encode("UTF-8") }
try { "é".b.encode("US-ASCII") }

# Invalid byte sequences.
try { "\xff".encode("BINARY") }
try { "a\xffb".encode("US-ASCII") }
try { "\xE3\x81a".encode("US-ASCII") }
try { "\xE3a".encode("US-ASCII") }
try { "\xC3".encode("US-ASCII") }
try { "\xE3\x81".encode("BINARY") }
try { "\xed\xa0\x80".encode("BINARY") }
try { "\xf0\x90\x80a".encode("BINARY") }
try { "\xE3\x81\xE3\x81\x82".encode("BINARY") }
try { "\xff".force_encoding("US-ASCII").encode("UTF-8") }
try { "\xff".force_encoding("US-ASCII").encode("BINARY") }

# Replacements.
try { "aé\xffb".encode("US-ASCII", invalid: :replace, undef: :replace) }
try { "aé\xffb".encode("UTF-8", "binary", invalid: :replace, undef: :replace) }
try { "aé\xffb".b.encode("UTF-8", invalid: :replace, undef: :replace, replace: "?") }
try { "aé\xffb".encode("UTF-8", invalid: :replace) }
try { "aé\xffb".encode("US-ASCII", undef: :replace) }
try { "aé\xffb".encode("US-ASCII", invalid: :replace, undef: :replace, replace: "") }
try { "aé".encode("US-ASCII", undef: :replace, replace: "xy") }
try { "aé".b.encode("UTF-8", undef: :replace) }
try { "aé".force_encoding("US-ASCII").encode("UTF-8", invalid: :replace) }

# Bad arguments.
try { "a".encode("foo") }
try { "a".encode("UTF-8", 3) }
try { "a".encode(3) }
try { "a".encode("UTF-8", invalid: :foo) }
try { "a".encode("UTF-8", "UTF-8", "UTF-8", "x") }

# encode! converts in place.
s = "abc"
p s.encode!("US-ASCII").equal?(s), s.encoding
begin
  "abc".freeze.encode!("US-ASCII")
rescue => e
  p e
end

# scrub replaces what is invalid in the String's own encoding.
try { "aé\xffb".scrub }
try { "aé\xffb".scrub("?") }
try { "é\xff".b.scrub }
try { "é\xff".force_encoding("US-ASCII").scrub }
try { "é\xff\xE3\x81".scrub { |bytes| "<#{bytes.bytes.join(",")}>" } }
s = "a\xff"
s.scrub!
p s

"é".encode("US-ASCII")
