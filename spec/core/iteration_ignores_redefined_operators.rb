# Core iteration methods count with the core's own Integer operations, as
# MRI's C methods do, even after a program redefines Integer#+ and #<; the
# program's own `+` calls the new method.
class Integer
  alias_method :old_plus, :+
  alias_method :old_lt, :<
  def +(other)
    $plus = $plus.old_plus(1)
    old_plus(other)
  end

  def <(other)
    $lt = $lt.old_plus(1)
    old_lt(other)
  end
end
$plus = 0
$lt = 0
sum = 0
200.times { |i| sum = sum.old_plus(i) }
p [sum, $plus, $lt]
1.upto(50) {}
5.downto(1) {}
[1, 2, 3].each_with_index {}
[3, 1, 2].map { _1 }
[3, 1, 2].each_slice(2).to_a
(1..20).each {}
p [$plus, $lt]
x = 1 + 2
y = 1 < 2
p [$plus, $lt, x, y]

class Float
  def +(_other) = 42.0
end
p [1.5, 2.5].sum
p 1.5 + 1.0
p [1.0, 2.0].map { _1 * 2 }
