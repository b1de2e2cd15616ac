# <=> and Comparable.
p :a <=> :b, :b <=> :a, :a <=> :a, :a <=> "a", :a <=> 1, :B <=> :a
p :a < :b, :b > :c, :a <= :a, :b.between?(:a, :c), :a.clamp(:b, :c)
p %i[pear apple fig].sort, %i[b a c].max, %i[b a c].min, %i[b a].sort { |x, y| y <=> x }
p :abc.casecmp(:ABC), :abc.casecmp?(:ABC), :abc.casecmp("abc"), :a.casecmp?(1)
p :a === :a, Symbol === :a, :a.eql?(:a), :a.hash == :a.hash
begin
  :a < 1
rescue => e
  p e.class, e.message
end
