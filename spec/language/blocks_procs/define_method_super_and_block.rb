class Base
  def greet(name, punctuation: "!") = "hello #{name}#{punctuation}"

  def each_twice
    yield 1
    yield 2
  end
end

class Child < Base
  define_method(:greet) do |name, punctuation: "?"|
    [super(name, punctuation: punctuation), __method__]
  end

  define_method(:each_twice) do |&blk|
    [1].map { super(&blk) }
  end

  define_method(:with_block) do |x, &blk|
    blk ? blk.call(x) : :no_block
  end
end

c = Child.new
p c.greet("ann")
p c.greet("bob", punctuation: ".")
c.each_twice { |v| p v }
p c.with_block(3) { |v| v * 10 }
p c.with_block(3)
p Child.instance_method(:greet).arity
p Child.instance_method(:with_block).arity
