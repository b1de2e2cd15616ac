class Lazy
  def read
    @never_set
  end

  def read_then_set
    before = @value
    @value = 5
    [before, @value]
  end
end

l = Lazy.new
p l.read
p l.read_then_set
p l.instance_variables
p @top_level_ivar
