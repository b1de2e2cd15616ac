p %w[apple kiwi fig].map(&:upcase)
p [1, 2, 3].map(&:to_s)
p [[1, 2], [3]].map(&:length)
up = :upcase.to_proc
p up.call("abc")
p up.arity
p up.lambda?
class Item
  def initialize(n) = @n = n
  def double = @n * 2
end
p [Item.new(1), Item.new(5)].map(&:double)
p [1, 2, 3, 4].select(&:even?)
