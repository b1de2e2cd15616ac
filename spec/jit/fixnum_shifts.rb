# Integer `<<` and `>>` on fixnums are compiled; a result outside the fixnum
# range deoptimises and the interpreter makes the Bignum.

def shifts(a, b)
  [a << b, a >> b, (-a) << b, (-a) >> b]
end

def bits_set(mask)
  n = 0
  while mask > 0
    n += mask & 1
    mask >>= 1
  end
  n
end

total = 0
3000.times do |i|
  total += bits_set(i)
  total += shifts(i, i % 7).sum
end
p total
p shifts(5, -1)
p shifts(5, 0)
p shifts(1, 61)
p shifts(1, 62)
p shifts(3, 100)
p shifts(-7, 70)
p shifts(7, -70)
p shifts(0, 1000)
p bits_set(2**70 - 1)

def shift_by(a, b) = a << b
2000.times { |i| shift_by(i, 3) }
p shift_by(1, 64)
p shift_by(2**64, -3)
begin
  shift_by(1, "x")
rescue TypeError => e
  p e.message
end
