# The interpreter answers Integer bit operations, != and Array indexing and
# size inline; the answers match the methods', at the edges too, and a
# redefinition takes effect at once.
p 1 << 62, 1 << 61, -1 << 63, 5 >> 70, -5 >> 70, 5 << -1, 5 >> -2, 3 & 5, 3 | 5, 3 ^ 5, -3 & 5
p 1 != 1, 1 != 2, 1.0 != 1.0, (0.0 / 0.0) != (0.0 / 0.0), 1 != 1.0, 4611686018427387903 << 1
a = [1, 2, 3]
p a[0], a[-1], a[3], a[-4], (a[1] = 9), a, a.size, a.length
p((a[5] = 1), a, (a[-1] = 0), a)
frozen = [1].freeze
begin
  frozen[0] = 2
rescue FrozenError => e
  p e.message
end
class Sized < Array
  def [](i) = "sub #{i}"
end
p Sized.new([1, 2])[0]
def a.size = :singleton
p a.size
class Array
  def length = 42
end
p a.length, [].length, [1].size
class Integer
  def &(other) = :and
  def !=(other) = :ne
end
p 1 & 2, 1 != 1
