# Random#bytes: four bytes from each 32-bit draw, least significant first.
r = Random.new(8)
p r.bytes(0), r.bytes(1).bytes, r.bytes(4).bytes, r.bytes(7).bytes
p r.bytes(10).size
p Random.new(8).bytes(12).bytes == Random.new(8).bytes(12).bytes
begin
  r.bytes(-1)
rescue ArgumentError => e
  p e.message
end
