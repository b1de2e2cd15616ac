class Bag
  include Enumerable

  def initialize(*items) = @items = items

  def each
    @items.each { |x| yield x }
  end
end

Bag.new(1, 2, 3).map do |x|
  raise "mapping #{x}" if x == 3
  x
end
