class Array
  def each_pair_sum
    result = []
    each_with_index do |x, i|
      result << x + self[i + 1] if i + 1 < length
    end
    result
  end
end

class Integer
  def countdown
    i = self
    while i > 0
      yield i
      i -= 1
    end
    self
  end
end

p [1, 2, 3, 4].each_pair_sum
r = 3.countdown { |i| print i, " " }
puts
p r
