# Core predicates that only read their operands run without a frame; when
# one fails, the framed call raises as MRI does (its name in the backtrace).
class Node
  attr_reader :next_node
  def initialize(next_node) = @next_node = next_node
end

class Loud
  def ==(other) = (puts "Loud#=="; true)
end

a = Node.new(nil)
b = Node.new(a)
p [a.nil?, b.next_node.nil?, a.next_node.nil?]
p [a == b, a == a, a.equal?(a), a.equal?(b), !a, !nil]
p [a.class, 3.class, nil.class, a.frozen?, :s.frozen?, "x".frozen?]
p [a.is_a?(Node), a.kind_of?(Object), a.instance_of?(Object), 1.is_a?(Comparable)]
p [(1..3).begin, (1..3).end, (1...3).exclude_end?, (1..).end, (..4).begin]
p Loud.new == 1
p Loud.new.equal?(1)

def probe(value, test)
  value.is_a?(test)
rescue TypeError => e
  puts "#{e.class}: #{e.message} #{e.backtrace[0][/in .*/]} #{e.backtrace[1][/in .*/]}"
end

probe(a, 3)
probe(a, "Node")
begin
  a.instance_of?(nil)
rescue TypeError => e
  puts "#{e.message} #{e.backtrace[0][/in .*/]}"
end
begin
  a.nil?(1)
rescue ArgumentError => e
  puts "#{e.message} #{e.backtrace[0][/in .*/]}"
end

# In a loop, as hot code calls them.
count = 0
node = Node.new(Node.new(Node.new(nil)))
2000.times do
  current = node
  until current.nil?
    count += 1 if current.is_a?(Node) && current == current && !current.frozen?
    current = current.next_node
  end
end
p count

# `!=` calls `==` unless it is BasicObject's own.
p [a != b, a != a, Loud.new != 1]
class Node
  def ==(other) = (puts "Node#=="; other.is_a?(Node))
end
p [a != b, a != 1]
class Object
  def ==(other) = (puts "Object#=="; false)
end
p Object.new != Object.new
