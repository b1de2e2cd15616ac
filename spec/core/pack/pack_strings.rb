# Array#pack of Strings: a A Z, hex and Base64.
def try
  r = yield
  p [r, r.encoding]
rescue => e
  p e
end

try { ["abc"].pack("a5") }
try { ["abc"].pack("A5") }
try { ["abc"].pack("Z5") }
try { ["abc"].pack("Z*") }
try { ["abc"].pack("Z3") }
try { ["abc"].pack("a*") }
try { ["abc"].pack("a") }
try { ["abc"].pack("a2") }
try { ["é"].pack("a*") }
try { ["a", "b"].pack("a*a*") }
try { ["é", 1].pack("a*C") }
try { ["616263"].pack("H*") }
try { ["616"].pack("H*") }
try { ["61"].pack("H4") }
try { ["616263"].pack("H3") }
try { ["1626"].pack("h*") }
try { [["fF"].pack("H2"), ["zz"].pack("H2")] }
try { ["abc"].pack("m") }
try { ["abc" * 30].pack("m") }
try { ["abc" * 30].pack("m0") }
try { ["abcdef" * 3].pack("m6") }
try { ["abcdef" * 3].pack("m2") }
try { ["\xff\xfe\x00".b].pack("m") }
try { [["a"].pack("m"), ["ab"].pack("m"), [""].pack("m")] }
try { ["abc", 1].pack("mC") }
try { [97, "abc"].pack("Um") }

# buffer: appends to a String.
buffer = "x".b
p [1, 2].pack("C*", buffer: buffer).equal?(buffer), buffer

# Errors.
try { [1].pack("a") }
try { [nil].pack("A") }
try { [].pack("a") }
try { [1].pack("C", buffer: 3) }
