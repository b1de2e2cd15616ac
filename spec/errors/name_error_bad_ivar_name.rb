class Box
  def initialize = @value = 1
end

p Box.new.instance_variable_get("@value")
Box.new.instance_variable_get("value")
