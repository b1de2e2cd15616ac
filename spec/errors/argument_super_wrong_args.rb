class Base
  def setup(a) = a
end

class Child < Base
  def setup(a, b)
    super
  end
end

Child.new.setup(1, 2)
