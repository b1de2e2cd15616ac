class Node
  def initialize(order)
    if order == :ab
      @a = "a1"
      @b = "b1"
    else
      @b = "b2"
      @a = "a2"
    end
  end

  def a = @a
  def b = @b
end

nodes = [Node.new(:ab), Node.new(:ba), Node.new(:ab), Node.new(:ba)]
nodes.each do |n|
  puts "#{n.a} #{n.b} #{n.instance_variables.inspect}"
end
