class A
  def each(x) = yield(x)
  def run(*a, **k, &b) = [a, k, b&.call]
end
class B < A
  def each(x)
    super(x * 2) { |v| v + 1 }
  end
  def run(*a, **k, &b)
    [super, super(1), super(&nil), super(2) { :lit }, super { :z }]
  end
end
p B.new.each(5)
p B.new.run(7, k: 1) { :given }
