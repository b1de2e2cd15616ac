# ljust, rjust and center pad in the encoding the String and the pad
# share, as other concatenations do; a pad that shares none raises.
p "ab".ljust(5, "é"), "ab".ljust(5, "é").encoding
p "ab".b.ljust(5, "é"), "ab".b.ljust(5, "é").encoding
p "é".rjust(3, "x".b), "é".rjust(3, "x".b).encoding
p "ab".center(7, "é")
p "\xff".b.ljust(3, "-"), "\xff".b.ljust(3, "-").encoding
begin
  "\xff".b.center(5, "é")
rescue Encoding::CompatibilityError => e
  p e.message
end
begin
  "é".ljust(5, "\xff".b)
rescue Encoding::CompatibilityError => e
  p e.message
end
begin
  "ab".ljust(5, "")
rescue ArgumentError => e
  p e.message
end
