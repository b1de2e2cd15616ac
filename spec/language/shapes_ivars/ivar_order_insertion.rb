class Rec
  def initialize
    @c = 3
    @a = 1
  end

  def add_b
    @b = 2
  end
end

r = Rec.new
p r.instance_variables
r.add_b
p r.instance_variables
r.instance_variable_set(:@a, 100)
p r.instance_variables
p r.instance_variable_get(:@a)
