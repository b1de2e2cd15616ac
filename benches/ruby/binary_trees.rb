# Binary trees (the Computer Language Benchmarks Game's allocation test,
# with a node class): build complete trees of many depths, walk them, let
# them die; one long-lived tree stays alive throughout.
# Usage: binary_trees.rb [MAX_DEPTH] (default 16).

class TreeNode
  def initialize(left, right)
    @left = left
    @right = right
  end

  def check
    return 1 if @left.nil?

    1 + @left.check + @right.check
  end

  def self.bottom_up(depth)
    return new(nil, nil) if depth.zero?

    depth -= 1
    new(bottom_up(depth), bottom_up(depth))
  end
end

max_depth = (ARGV[0] || 16).to_i
min_depth = 4
max_depth = [min_depth + 2, max_depth].max

stretch = max_depth + 1
puts "stretch tree of depth #{stretch}\t check: #{TreeNode.bottom_up(stretch).check}"

long_lived = TreeNode.bottom_up(max_depth)

min_depth.step(max_depth, 2) do |depth|
  iterations = 2**(max_depth - depth + min_depth)
  check = 0
  1.upto(iterations) { check += TreeNode.bottom_up(depth).check }
  puts "#{iterations}\t trees of depth #{depth}\t check: #{check}"
end

puts "long lived tree of depth #{max_depth}\t check: #{long_lived.check}"
