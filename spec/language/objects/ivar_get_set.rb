class Bag
  def initialize
    @a = 1
  end
end

b = Bag.new
p b.instance_variable_get(:@a)
p b.instance_variable_get("@a")
p b.instance_variable_get(:@missing)
p b.instance_variable_set(:@b, 2)
p b.instance_variable_set("@a", 10)
p b.instance_variables
p b.instance_variable_get(:@a)
p b.instance_variable_defined?(:@b)
p b.instance_variable_defined?(:@c)
