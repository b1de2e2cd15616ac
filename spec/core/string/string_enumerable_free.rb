# String is not Enumerable: no each, map or each_with_index.
p "abc".respond_to?(:each), "abc".respond_to?(:map), "abc".respond_to?(:each_char)
begin
  "abc".each_with_index { }
rescue NoMethodError => e
  p e.class
end
p "abc".is_a?(Comparable), String.ancestors.include?(Comparable)
