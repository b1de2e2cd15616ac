# Range.new asks `<=>` of its endpoints unless both are fixnums (as MRI).
class Integer
  def <=>(other) = nil
end
a = 1
b = 3
p Range.new(a, b), (a..b), (a...b).size
big = 2**70
begin
  Range.new(big, b)
rescue ArgumentError => e
  p e
end
