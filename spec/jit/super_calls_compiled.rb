# `super` in compiled code calls the method after the caller's owner
# directly (natively when it is compiled): with arguments, implicit ones
# (zsuper), a literal block, the method's own block passed on, a core
# method above. Redefining the method above, including a module that
# defines it, and a missing method above keep MRI's behaviour.

class Base
  attr_reader :log

  def initialize(a, b = 2)
    @log = [a, b]
  end

  def value(x) = x * 2

  def each_twice
    yield 1
    yield 2
  end

  def ==(other) = other.is_a?(Base) && log == other.log
end

class Middle < Base
  def initialize(a, b)
    super
    @log << :middle
  end

  def value(x) = super(x + 1) + 1

  def each_twice(&block)
    super
  end
end

class Leaf < Middle
  def initialize(a)
    super(a, a * 10)
    @log << :leaf
  end

  def value(x) = super * 3

  def each_twice
    total = 0
    super { |v| total += v * 100 }
    yield total
  end

  def ==(other) = super && other.is_a?(Leaf)

  def missing = super
end

def run(n)
  sum = 0
  last = nil
  n.times do |i|
    leaf = Leaf.new(i)
    sum += leaf.value(i)
    leaf.each_twice { |v| sum += v }
    Middle.new(i, 1).each_twice { |v| sum -= v }
    sum += 1 if leaf == Leaf.new(i)
    sum += 1 if leaf == Middle.new(i, i * 10)
    last = leaf.log
  end
  [sum, last]
end

p run(3000)

class Base
  def value(x) = -x
end
p run(1000)

module Shout
  def value(x) = 1000
end
Middle.include(Shout)
p run(1000)

begin
  Leaf.new(1).missing
rescue NoMethodError => e
  p e.message[/super: no superclass method `\w+'/]
end
