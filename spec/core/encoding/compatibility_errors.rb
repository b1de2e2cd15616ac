# Joining Strings of different encodings: fine when one side is ASCII,
# Encoding::CompatibilityError when both hold non-ASCII bytes.
def try
  r = yield
  p [r, r.encoding]
rescue => e
  p e
end

try { "a" + "\xff".b }
try { "\xff".b + "a" }
try { "é" + "a".b }
try { "a".b + "é" }
try { "é" + "\xff".b }
try { "\xff".b + "é" }
try { "" + "\xff".b }
try { "".b + "é" }

# << and concat change the receiver's encoding as they join.
try { s = "abc"; s << "\xff".b; s }
try { s = "".b; s << "é"; s }
try { s = "a".b; s << "é"; s }
try { s = "é"; s << "\xff".b }
try { s = "\xff".b; s << "é" }
try { s = "a".b; s.concat("é", "b"); s }
try { s = "é"; s.concat("a".b, "\xff".b) }
try { s = "a".b; s.prepend("é"); s }
try { s = "\xff".b; s.prepend("é") }

# Integers appended as codepoints of the receiver's encoding.
try { s = "a".b; s << 233; s }
try { s = "a"; s << 233; s }
try { s = "a".b; s << 256 }
try { s = "x".force_encoding("US-ASCII"); s << 200; s }
try { s = "x".force_encoding("US-ASCII"); s << 65; s }

# Interpolation joins its parts the same way.
x = "é"
y = "\xff".b
try { "#{y}" }
try { "a#{y}" }
try { "#{x}!" }
try { "#{x}#{y}" }
try { "#{y}#{x}" }
try { "#{1}#{"a".b}" }

p "é" + "\xff".b
