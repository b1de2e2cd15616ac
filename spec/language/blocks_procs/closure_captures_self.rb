class Greeter
  def initialize(name)
    @name = name
  end

  def greeter
    -> (other) { "#{@name} greets #{other} (#{helper})" }
  end

  private

  def helper = "private ok"
end

g = Greeter.new("ann").greeter
p g.call("bob")
p g.call("cy")
