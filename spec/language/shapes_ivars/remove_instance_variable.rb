class Temp
  def initialize
    @a = 1
    @b = 2
    @c = 3
  end
end

t = Temp.new
p t.remove_instance_variable(:@b)
p t.instance_variables
p t.instance_variable_get(:@b)
t.instance_variable_set(:@b, 20)
p t.instance_variables
p t.instance_variable_get(:@c)
