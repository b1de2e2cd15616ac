# An Integer operator with a Float argument (`i * 0.75`) is Float
# arithmetic in compiled code; comparisons between Integers and Floats are
# exact, as in MRI, also past 2**53 where a double no longer holds every
# integer.
def mixed(i, f) = [i + f, i - f, i * f, i / f, i < f, i <= f, i > f, i >= f, i == f]
def floats(f, i) = [f + i, f - i, f * i, f / i, f < i, f <= i, f > i, f >= i, f == i]

acc = 0.0
3000.times do |i|
  row = mixed(i, 0.75)
  acc += row[0] + row[1] + row[2] + row[3]
  acc += floats(0.5 * i, i + 1)[0]
end
p acc
p mixed(7, 2.5), floats(2.5, 7)
p mixed(3, 0.0), floats(0.0, 3)
p mixed(-4, -0.5)

big = 2**53 + 1
p mixed(big, 9007199254740992.0)
p floats(9007199254740992.0, big)
p mixed(-big, -9007199254740992.0)
p floats(-9007199254740992.0, -big)
p mixed(4611686018427387903, 4.611686018427388e18)

n = Float::NAN
p mixed(1, n).drop(4), floats(n, 1).drop(4)
p mixed(1, Float::INFINITY), floats(-Float::INFINITY, 1)
