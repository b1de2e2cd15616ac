# Hash includes Enumerable, so Enumerable methods (and ones added to it)
# work on Hashes.
p Hash.ancestors.take(3), Hash.include?(Enumerable), {}.is_a?(Enumerable)
module Enumerable
  def second
    first(2)[1]
  end
end
p({ a: 1, b: 2 }.second)
p({ a: 1 }.respond_to?(:each_with_object), Hash.instance_method(:select).owner, Hash.instance_method(:map).owner)
