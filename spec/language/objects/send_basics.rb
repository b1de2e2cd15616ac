class Calc
  def add(a, b)
    a + b
  end

  def with_block(x)
    yield x
  end

  private

  def secret(n)
    "secret #{n}"
  end
end

c = Calc.new
p c.send(:add, 2, 3)
p c.send("add", 4, 5)
p c.send(:with_block, 3) { |x| x * 10 }
p c.send(:secret, 1)
p c.__send__(:secret, 2)
p 5.send(:+, 6)
p [3, 1, 2].send(:sort)
name = :add
p c.send(name, 1, 1)
