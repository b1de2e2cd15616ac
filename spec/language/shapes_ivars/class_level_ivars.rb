class Registry
  @items = []
  @count = 0

  def self.add(x)
    @items << x
    @count += 1
  end

  def self.state = [@items, @count]

  def initialize
    @items = "instance ivar"
  end

  def items = @items
end

Registry.add(:a)
Registry.add(:b)
p Registry.state
p Registry.new.items
p Registry.instance_variables
p Registry.new.instance_variables
