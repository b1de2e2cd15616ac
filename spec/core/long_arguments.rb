# Integer arguments read as C longs accept every Integer in [-2**63, 2**63),
# Bignums above the fixnum range included.
p [1, 2].first(2**62)
p "ab"[2**62], "ab"[-2**63]
p [1, 2, 3].rotate(2**62)
begin
  Array.new(2**62)
rescue ArgumentError => e
  p e.message
end
begin
  [1].first(2**63)
rescue RangeError => e
  p e.message
end
begin
  "ab" * (2**63)
rescue RangeError => e
  p e.message
end
p "abc".center(2**62 - 2**62 + 7, "*")
