class Item
  def initialize(i)
    @id = i
    @even = true if i.even?
    @big = i > 3 if i.odd?
    @last = i
  end

  def report
    "#{@id}: even=#{@even.inspect} big=#{@big.inspect} last=#{@last} #{instance_variables.inspect}"
  end
end

6.times { |i| puts Item.new(i).report }
