a = [1, 2, 3, 4]
p a.inject(:+)
p a.reduce(10) { |acc, x| acc + x }
p a.inject { |acc, x| acc * x }
p a.reduce(1, :*)
p [].inject(:+)
p [].reduce(0) { |s, x| s + x }
p %w[a b c].inject { |s, x| s + x }
p a.sum
p a.sum { |x| x * 10 }
p [[1, 2], [3, 4]].inject(0) { |s, (x, y)| s + x * y }
