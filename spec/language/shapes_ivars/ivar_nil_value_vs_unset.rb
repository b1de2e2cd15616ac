class Slot
  def set_nil
    @x = nil
  end
end

s = Slot.new
p s.instance_variable_defined?(:@x)
p s.instance_variables
s.set_nil
p s.instance_variable_defined?(:@x)
p s.instance_variables
p s.instance_variable_get(:@x)
