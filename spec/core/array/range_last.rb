p (1..10).last(3), (1..10).last, (1...10).last(2), (1...10).last, (1..3).last(5), (1..3).last(0)
p ("a".."c").last(2), ("a".."c").last
begin
  (1..).last
rescue RangeError => e
  p e.message
end
begin
  (1.0..2.5).last(1)
rescue TypeError => e
  p e.message
end
begin
  (1..3).last(-1)
rescue ArgumentError => e
  p e.message
end
p (1.0..2.5).last
