module A
  def who
    "A"
  end
end

module B
  def who
    "B then " + super
  end
end

class Base
  def who
    "Base"
  end
end

class C < Base
  include A
  include B
end

p C.ancestors.take(5)
p C.new.who

class D < Base
  include A
  include A
end

p D.ancestors.take(3)
