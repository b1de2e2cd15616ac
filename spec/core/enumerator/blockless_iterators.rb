# Iterators called without a block answer an Enumerator for the same call.
p [1, 2, 3].each
p [1, 2, 3].map
p [1, 2, 3].collect
p [1, 2, 3].each_slice(2)
p [1, 2, 3].each_with_index
p({a: 1}.each)
p({a: 1}.each_pair)
p({a: 1}.select)
p 3.times
p 1.upto(4)
p 4.downto(1)
p (1..3).each
p "ab".each_char
p "ab".each_byte
p "a\nb".each_line
p [3, 1].sort_by
p [1].find_index
p [1].index
p loop
