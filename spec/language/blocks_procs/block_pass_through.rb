def outer(&blk)
  middle(&blk)
end

def middle
  inner { |v| yield v * 2 }
end

def inner
  yield 21
end

p outer { |v| "got #{v}" }
def each_twice(arr, &blk)
  arr.each(&blk)
  arr.each(&blk)
end
each_twice([1, 2]) { |x| print x }
puts
