class Base
  def run = :base
end

class Child < Base
  def run
    [defined?(super), defined?(yield), block_given?]
  end

  def other
    defined?(super)
  end
end

c = Child.new
p c.run
p(c.run { })
p c.other
class Child
  @@cv = 1
  def cv = defined?(@@cv)
end
p c.cv
class Child
  p defined?(@@nope)
end
