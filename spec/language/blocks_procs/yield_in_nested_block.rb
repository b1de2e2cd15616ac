def each_doubled(arr)
  arr.each do |x|
    yield x * 2
  end
end

each_doubled([1, 2, 3]) { |d| print d, " " }
puts
def wrap
  [1, 2].map { |i| [i, yield(i)] }
end
p wrap { |i| i * i }
