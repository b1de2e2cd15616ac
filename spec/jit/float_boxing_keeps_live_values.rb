# Boxing a heap Float in the middle of compiled arithmetic calls the
# runtime (which may collect garbage), and must leave every other live
# value as it was: compiled code keeps values in the registers a call
# would clobber across the boxing of a flonum, so the rare call saves
# them itself.
def mix(a, b, c, d, e, f, big, label)
  x = a * 1.5
  y = b + 2
  z = c * 0.25
  w = d - 1
  huge = big * big
  tiny = big / 1e300
  v = e + f
  [label, x, y, z, w, huge, tiny, v, a + b + c + d + e + f, label.size]
end

3000.times { |i| mix(i * 1.0, i, i * 2.0, i, i * 0.5, i, 1.5, "warm") }
p mix(1.0, 2, 3.0, 4, 5.0, 6, 1e200, "heap")
p mix(1.0, 2, 3.0, 4, 5.0, 6, 1e-200, "tiny")
p mix(0.5, 7, 0.0, -4, 2.5, 1, 3.0e150, "mixed")
p mix(-0.0, 0, -0.0, 0, 0.0, 0, -0.0, "zeros")

def unbox_heavy(list)
  sum = 0.0
  count = 0
  list.each do |value|
    sum += value * 2.0
    count += 1
  end
  [sum, count, list.size]
end

warm = Array.new(50) { |i| i * 0.5 }
2000.times { unbox_heavy(warm) }
p unbox_heavy([1e300, 1.0, 1e-300, 2.5, Float::INFINITY])
p unbox_heavy([1e250, -1e250, 0.1])
