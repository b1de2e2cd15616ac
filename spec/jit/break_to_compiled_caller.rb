# A block written by a compiled method and passed to an inlined iterator
# that hands it on to code the runtime runs (a forwarded `&block`, or a
# `yield` the inliner left as a call): its `break` ends the iterator's
# call, and its `return` the method that wrote it.

class Tree
  def initialize(keys) = @keys = keys

  def each(&block)
    walk(0, &block)
    self
  end

  def each_key
    i = 0
    while i < @keys.size
      yield @keys[i]
      i += 1
    end
    :done
  end

  def walk(i, &block)
    return if i >= @keys.size
    yield @keys[i]
    walk(i + 1, &block)
  end

  def below(high)
    result = []
    each do |k|
      break if k > high
      result << k
    end
    result
  end

  def first_above(limit)
    each { |k| return k if k > limit }
    nil
  end

  # A block too big to inline at the `yield`.
  def busy_below(high)
    result = []
    stopped = each_key do |k|
      a = k + 1; b = a * 2; c = b - a; d = c + k; e = d * 3; f = e - d
      g = f + a; h = g * b; i = h - c; j = i + d; l = j * e; m = l - f
      n = m + g; o = n * h; q = o - i; r = q + j; s = r * l; t = s - m
      u = t + n; v = u * o; w = v - q; x = w + r; y = x * s; z = y - t
      a2 = z + u; b2 = a2 * v; c2 = b2 - w; d2 = c2 + x; e2 = d2 * y
      f2 = e2 - z; g2 = f2 + a2; h2 = g2 * b2; i2 = h2 - c2; j2 = i2 + d2
      result << [k, j2 % 7]
      break :stopped if k >= high
    end
    [stopped, result]
  end
end

tree = Tree.new([1, 2, 3, 4, 5, 6])
r = nil
300.times do |i|
  r = [tree.below(3), tree.first_above(i % 5), tree.busy_below(4)]
end
p r
p tree.below(0)
p tree.first_above(9)
p tree.busy_below(99)
# spec: skip-mode gc-stress 2.1 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
