class NumberBag
  include Enumerable

  def initialize(*nums)
    @nums = nums
  end

  def each
    @nums.each { |n| yield n }
    self
  end
end

bag = NumberBag.new(4, 1, 3, 2)
p bag.to_a
p bag.map { |x| x * 10 }
p bag.select(&:even?)
p bag.reject(&:even?)
p bag.sort
p bag.min
p bag.max
p bag.sum
p bag.include?(3)
p bag.first
p bag.first(2)
p bag.count
p bag.inject(:+)
