a = [1, 2, 3, 4, 5]
r = a.each_with_object([]) { |x, acc| acc << x * 3 if x.odd? }
p r
p a.take_while { |x| x < 3 }
p a.drop_while { |x| x < 3 }
p a.flat_map { |x| [x, -x] }
p a.zip(a.map { |x| x * x })
diffs = []
a.each_cons(2) { |x, y| diffs << y - x }
p diffs
pairs = []
a.each_slice(2) { |s| pairs << s }
p pairs
