def square(x) = x * x

m = method(:square)
p m.call(4)
p m.arity
p [1, 2, 3].map(&m)
pr = m.to_proc
p pr.lambda?
p pr.call(5)
class Scale
  def initialize(k) = @k = k
  def apply(x) = x * @k
end
p [1, 2].map(&Scale.new(10).method(:apply))
p 5.method(:+).call(6)
