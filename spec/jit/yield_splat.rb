# `yield(*list)` in compiled code calls the block with the list's items:
# as many parameters as items or not, Symbol blocks, break, exceptions and
# backtraces, as MRI.
def spread(list)
  yield(*list)
end

def each_pair_of(items)
  i = 0
  while i < items.size
    yield(*items[i])
    i += 1
  end
  :done
end

total = 0
2000.times do |i|
  total += spread([i, 1]) { |a, b| a + b }
  total += spread([i]) { |a, b = 5| a + b }
  total += spread([]) { |a = 2| a }
  total += spread([i, 2, 3]) { |a, *rest| rest.sum }
end
p total
p spread([3]) { |*all| all }, spread([[1, 2]]) { |a, b| [a, b] }, spread([4, 5], &:+)
pairs = [[1, :a], [2, :b], [3, :c]]
seen = []
p each_pair_of(pairs) { |n, s| seen << "#{n}#{s}" }
p seen
p(each_pair_of(pairs) { |n, _| break n * 10 if n == 2 })
def find_pair(pairs)
  each_pair_of(pairs) { |n, s| return s if n == 3 }
  nil
end
p find_pair(pairs)
begin
  each_pair_of(pairs) { |n, s| raise ArgumentError, "bad #{s}" if n == 2 }
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(3).map { |l| l[/in `.*'/] }
end
begin
  spread([1, 2]) { |a, b, c| c.fetch }
rescue NoMethodError => e
  puts e.message
end
# spec: skip-mode gc-stress 1.3 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
