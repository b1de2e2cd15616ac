class Countdown
  include Enumerable

  def initialize(n) = @n = n

  def each
    i = @n
    while i > 0
      yield i
      i -= 1
    end
  end
end

c = Countdown.new(5)
p c.entries
p c.each_with_object([]) { |x, a| a.unshift(x) }
p c.take(2)
p c.drop(3)
p c.take_while { |x| x > 3 }
p c.min_by { |x| (x - 3).abs }
p c.sort_by { |x| x % 3 }
p c.zip(c.to_a.reverse)
sl = []
c.each_slice(2) { |s| sl << s }
p sl
