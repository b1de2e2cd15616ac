# Monkey patching Integer#+ after compiled code used the fixnum intrinsic:
# the code is invalidated and calls the new method.
def add(a, b)
  a + b
end

2000.times { |i| add(i, 1) }
p add(1, 2)

class Integer
  alias_method :old_plus, :+
  def +(other)
    old_plus(other).old_plus(100)
  end
end

p add(1, 2)
p [1, 2, 3].sum
