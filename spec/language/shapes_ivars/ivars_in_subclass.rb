class Base
  def initialize
    @base = "base"
  end
end

class Child < Base
  def initialize
    @child_first = "first"
    super
    @child_last = "last"
  end

  def all
    [@base, @child_first, @child_last]
  end
end

c = Child.new
p c.all
p c.instance_variables
p Base.new.instance_variables
