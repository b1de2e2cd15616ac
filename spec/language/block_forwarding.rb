# A block parameter that is only passed on (`&blk` in calls) forwards the
# method's block without making a Proc; every other use still sees one.

class Tree
  include Enumerable

  def initialize(*keys) = @keys = keys

  def each(&block)
    walk(0, &block)
    self
  end

  def each_pair(&block)
    @keys.each_slice(2) { |pair| emit(pair, &block) }
  end

  def given?(&block) = check(&block)

  private

  def walk(i, &block)
    return if i >= @keys.size
    yield @keys[i]
    walk(i + 1, &block)
  end

  def emit(pair) = yield(*pair)
  def check = block_given?
end

tree = Tree.new(5, 3, 8, 1)
p tree.map { |k| k * 2 }
p tree.select(&:even?)
p tree.include?(8)
p tree.first(2)
total = 0
300.times { tree.each { |k| total += k } }
p total
pairs = []
tree.each_pair { |a, b| pairs << [a, b] }
p pairs
p [tree.given?, tree.given? {}]

def first_big(tree) = tree.each { |k| return k if k > 4 }
p first_big(tree)
p tree.each { |k| break k * 10 if k == 3 }

strict = ->(a, b) { a + b }
begin
  tree.each(&strict)
rescue ArgumentError => e
  p e.message
end
loose = proc { |a, b| p [a, b] }
Tree.new(1).each(&loose)

class Keeper
  def initialize(&block)
    @block = block
    run(&block)
  end

  def run = yield(:run)
  def again(&b) = b.call(:again)
  def block = @block
end

keeper = Keeper.new { |x| p x }
keeper.block.call(:stored)
keeper.again { |x| p x }
p Keeper.new { 1 }.block.lambda?

def forward_all(...) = target(...)
def target(a, b: 0) = yield(a + b)
p forward_all(1, b: 2) { |x| x * 10 }

def anonymous(&) = Tree.new(7, 9).each(&)
anonymous { |k| print k, " " }
puts

def nothing_given(&block) = Tree.new(1).each(&block)
begin
  nothing_given
rescue LocalJumpError => e
  p e.message
end
