class Base
  def value = 1
end

class Sub < Base
end

def read(o)
  o.value
end

s = Sub.new
p read(s)
p read(s)
class Sub
  def value = 2
end
p read(s)
class Base
  def value = 3
end
p read(s)
p read(Base.new)
