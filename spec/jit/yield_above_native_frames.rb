# A block called from a natively called method (`yield`, or `blk.call` of
# its block parameter) runs above the frames of the native calls without
# giving them records: backtraces, `caller`, break, non-local return,
# exceptions and redefinitions inside the block still see every frame.

class Tree
  Node = Struct.new(:key, :left, :right)

  def initialize(keys)
    @root = nil
    keys.each { |k| @root = insert(@root, k) }
  end

  def insert(node, key)
    return Node.new(key) if node.nil?
    if key < node.key
      node.left = insert(node.left, key)
    else
      node.right = insert(node.right, key)
    end
    node
  end

  def each(&block)
    walk(@root, &block)
    self
  end

  def each_called(&block)
    walk_called(@root, &block)
    self
  end

  def walk(node, &block)
    return if node.nil?
    walk(node.left, &block)
    yield node.key
    walk(node.right, &block)
  end

  def walk_called(node, &found)
    return if node.nil?
    walk_called(node.left, &found)
    found.call(node.key)
    walk_called(node.right, &found)
  end
end

def describe(trace)
  trace.map { |line| line[/in `(.*)'/, 1] }.join(" < ")
end

tree = Tree.new([50, 30, 70, 20, 40, 60, 80, 10])
sum = 0
400.times do
  tree.each { |k| sum += k }
  tree.each_called { |k| sum -= k }
end
p sum

keys = []
tree.each { |k| keys << k }
p keys
called = []
tree.each_called { |k| called << k * 2 }
p called

depths = []
tree.each { |k| depths << describe(caller).count("walk") if k == 10 || k == 80 }
p depths
tree.each_called { |k| puts describe(caller.first(6)) if k == 10 }

def first_above(tree, limit)
  tree.each { |k| return k if k > limit }
  nil
end
p first_above(tree, 55)
p first_above(tree, 99)
p(tree.each_called { |k| break k * 3 if k >= 40 })

begin
  tree.each { |k| raise ArgumentError, "at #{k}" if k == 60 }
rescue ArgumentError => e
  puts e.message
  puts describe(e.backtrace.first(7))
end
begin
  tree.each_called { |k| Integer("x#{k}") if k == 20 }
rescue ArgumentError => e
  puts e.message
  puts describe(e.backtrace.first(6))
end

class Integer
  def halved = self / 2
end
seen = []
tree.each do |k|
  if k == 40
    class Tree
      def walk(node, &block)
        return if node.nil?
        yield node.key * 1000
      end
    end
  end
  seen << k
end
p seen
p(tree.each { |k| seen << k }.class)
p seen.last(2)

class Proc
  alias_method :original_call, :call
  def call(*args)
    original_call(*args.map { |a| a.is_a?(Integer) ? a + 1 : a })
  end
end
out = []
tree.each_called { |k| out << k }
p out

# `yield` in a block inlined into an iterator: the method's block runs above
# the frames of the iterator and of the block.
class Graph
  def initialize(edges) = @edges = edges

  def each_edge
    @edges.each_with_index do |targets, from|
      targets.each { |to| yield from, to }
    end
    self
  end
end
graph = Graph.new([[1, 2], [2], [0], []])
weight = 0
300.times { graph.each_edge { |from, to| weight += from * 10 + to } }
p weight
pairs = []
graph.each_edge { |from, to| pairs << [from, to] }
p pairs
graph.each_edge { |from, to| puts describe(caller.first(5)) if from == 2 }
p(graph.each_edge { |from, to| break [from, to] if to == 2 && from == 1 })
begin
  graph.each_edge { |from, to| raise IndexError, "edge #{from}->#{to}" if from == 2 }
rescue IndexError => e
  puts e.message
  puts describe(e.backtrace.first(6))
end
