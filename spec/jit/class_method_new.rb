# `new` called on `self` in a class method allocates in compiled code as
# `Foo.new` does: the receiver's kind (the class's singleton class) has
# one value, the class. Subclasses inheriting the class method make their
# own instances; a class that redefines `new`, a Struct class and an
# `initialize` that raises keep their behaviour and backtraces.

class Node
  attr_reader :left, :right

  def initialize(left, right, tag = :node)
    @left = left
    @right = right
    @tag = tag
  end

  def self.tree(depth)
    return new(nil, nil, :leaf) if depth.zero?

    new(tree(depth - 1), tree(depth - 1))
  end

  def count = @left ? 1 + @left.count + @right.count : 1
end

class RedNode < Node
  def color = :red
end

class Counted < Node
  @made = 0

  class << self
    attr_reader :made

    def new(*args)
      @made += 1
      super
    end
  end
end

Pair = Struct.new(:a, :b) do
  def self.twice(x) = new(x, x)
end

class Picky
  def initialize(n)
    raise ArgumentError, "odd #{n}" if n.odd?

    @n = n
  end

  def self.make(n) = new(n)
end

totals = []
200.times do
  totals << Node.tree(4).count << RedNode.tree(3).count << Counted.tree(2).count
  totals << Pair.twice(3).to_a.sum
end
p totals.uniq, Counted.made
p RedNode.tree(1).class, RedNode.tree(1).left.color
begin
  300.times { |i| Picky.make(i * 2) }
  Picky.make(7)
rescue ArgumentError => e
  p e.message, e.backtrace.first(4).map { |l| l[/`.*'/] }
end
