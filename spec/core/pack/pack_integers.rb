# Array#pack of integers: widths, signedness, byte orders, counts and *.
def try
  r = yield
  p [r, r.encoding]
rescue => e
  p e
end

try { [1, 2, 3].pack("C*") }
try { [1, -2, 300].pack("C*") }
try { [-1, 127, -128].pack("c3") }
try { [1, 2].pack("n N") }
try { [1, 2].pack("v V") }
try { [[258].pack("S"), [258].pack("S>"), [258].pack("s<")] }
try { [[1].pack("L"), [1].pack("L_"), [1].pack("l!"), [1].pack("L>")] }
try { [[1].pack("I"), [1].pack("i_")] }
try { [-1].pack("Q") }
try { [-1].pack("q") }
try { [2**64].pack("Q") }
try { [2**64 + 5].pack("Q>") }
try { [2**70].pack("C") }
try { [-(2**70) - 1].pack("q") }
try { [1.5].pack("C") }
try { [-2.9].pack("c") }
try { [1, 2].pack("s>l<") }
try { [1, 2, 3].pack("C2") }
try { [1, 2, 3].pack("C0") }
try { [].pack("C*") }
try { [300].pack("w") }
try { [0, 127, 128, 16384].pack("w*") }
try { [2**70].pack("w") }
try { [1, 2].pack("C x2 C") }
try { [1, 2].pack("C@5C") }
try { [1, 2, 3].pack("CCXC") }
try { [1, 2].pack("C # a comment\n C") }
try { [65, 66].pack("U*") }
try { [65, 0xe9, 0x20ac, 0x1f600].pack("U*") }
try { [97, 98].pack("UC") }
try { [97, 98].pack("CU") }
try { [1].pack("y") }
try { [].pack("") }

# Errors.
try { [].pack("C") }
try { [1].pack("C2") }
try { [1].pack("s>l<") }
try { ["1"].pack("C") }
try { [nil].pack("C") }
try { [[1]].pack("C") }
try { [-1].pack("w") }
try { [-1].pack("U") }
try { [1].pack("CX3") }
try { [1].pack(3) }
try { [1].pack }
try { [1].pack("C", "C") }
