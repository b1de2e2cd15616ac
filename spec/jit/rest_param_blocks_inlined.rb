# Blocks taking `*rest` (as Enumerable's methods pass theirs on) inlined
# into the yield that calls them: the arguments after the required ones
# gathered into a new Array each time, which the block may keep or change.
# spec: skip-mode gc-stress 1.7 s under --gc-stress in a release build (an Array gathered per yield), 27 s in the debug build cargo test runs

def gathered(list)
  kept = []
  list.each { |*xs| kept << xs }
  list.each_with_index { |x, i| kept << [x, i] }
  list.each_slice(2) { |*xs| kept << xs.size }
  kept
end

def lead_and_rest(list)
  total = 0
  list.each { |a, *xs| total += a.is_a?(Array) ? a.size : a; total += xs.size * 100 }
  total
end

def changed(list)
  list.map { |*xs| xs << 0; xs.push(xs.size) }
end

def yields_several
  yield 1, 2, 3
  yield
  yield 4
end

def spread
  out = []
  yields_several { |*xs| out << xs }
  yields_several { |a, *xs| out << [a, xs] }
  out
end

total = 0
1200.times do |i|
  total += gathered([i, 1, 2]).size
  total += lead_and_rest([1, [2, 3], i])
  total += changed([1, 2]).size
  total += spread.size
end
p total
p gathered([1, [2, 3]])
p lead_and_rest([[1, 2], 3])
p changed([[1], nil])
p spread
p({ a: 1, b: 2 }.each_with_index.map { |*xs| xs })
p({ a: 1 }.map { |*xs| xs })
