# An Enumerator is Enumerable: everything works through its each.
e = [3, 1, 2].each
p e.to_a
p e.sort
p e.include?(2)
p e.min, e.max
p e.first, e.first(2)
p e.reduce(:+)
p e.sum
p e.count
p e.map { |x| x * 2 }
p e.select(&:odd?)
p e.sort_by { |x| -x }
p e.each_slice(2).to_a
p e.zip([4, 5, 6])
p e.group_by(&:odd?)
p e.tally
p e.min_by { |x| x }
p [1, 2, 3].each_slice(2).map(&:sum)
p [1, 2, 3, 4].each_cons(2).to_a
p "hello".each_char.to_a
p "hello".each_char.map(&:upcase).join
p "ab\ncd\n".each_line.map(&:chomp)
p 3.times.map { |i| i * i }
p 3.times.to_a
p 1.upto(3).select(&:odd?)
p (1..4).each_slice(2).to_a
p({b: 1, a: 2}.each.sort)
p({b: 1, a: 2}.min_by { |k, v| v })
p %w[a b].each_with_index.to_h
