p Array.include?(Enumerable)
p Comparable.instance_method(:between?).owner
p Enumerable.instance_methods.include?(:map)
p Integer.ancestors.include?(Comparable)
p String.ancestors.include?(Comparable)
class Box
  include Enumerable
  def each = yield(:only)
end
p Box.ancestors.take(3)
p Box.new.map(&:to_s)
