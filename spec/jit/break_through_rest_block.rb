# A `break` in a block yielded to from a block taking `*rest` (as
# Enumerable's methods in rb/ pass theirs on) leaves the method the block
# was given to, compiled or not (a fuzz finding: compiled, it went on
# like `next`).

def my_rest
  [1, 2].each { |*x| yield x }
  puts "after rest"
end

[nil, nil].each { my_rest { |y| p y; break } }
[nil, nil].each { [0].each_slice(1) { |xs| p xs; break } }
3.times { p [1, 2, 3].each_slice(2) { |s| break s.sum } }
