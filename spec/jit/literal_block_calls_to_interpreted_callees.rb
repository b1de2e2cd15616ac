# A compiled call passing a literal block to a Ruby method that has no
# compiled code (called too rarely) or through `super`: the block is made
# without frame records and still sees the caller's locals and `self`;
# an error in it shows MRI's backtrace.

class Base
  def visit(list)
    list.each { |x| yield x }
  end
end

class Store < Base
  def initialize
    @items = []
  end

  def grow(n)
    n.times { |i| yield i }
  end

  def visit(list)
    seen = 0
    super(list) { |x| seen += x; @items << x }
    seen
  end

  def add(x)
    @items << x
    if @items.size % 50 == 0
      total = 0
      grow(3) do |i|
        total += i
        @items << -i
        raise ArgumentError, "full at #{@items.size}" if @items.size > 1900
      end
      @items << total
    end
    self
  end

  def size = @items.size
end

store = Store.new
sums = []
error = nil
begin
  2_000.times do |i|
    store.add(i)
    sums << store.visit([i, 1]) if i % 10 == 0
  end
rescue ArgumentError => e
  error = e
end
p store.size, sums.size, sums.first(3), sums.last
p error.message
puts error.backtrace.first(6)
