class Cell
  attr_accessor :value

  def inspect = "#<Cell>"
end

c = Cell.new
c.value = 1
c.freeze
begin
  c.value = 2
rescue FrozenError => e
  puts e.message
end
begin
  c.instance_variable_set(:@other, 3)
rescue FrozenError => e
  puts e.message
end
p c.value
p c.instance_variables
