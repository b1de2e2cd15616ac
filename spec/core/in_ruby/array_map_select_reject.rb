a = [1, 2, 3, 4, 5, 6]
p a.map { |x| x * x }
p a.collect { |x| x.to_s }
p a.select { |x| x.even? }
p a.filter { |x| x > 4 }
p a.reject { |x| x.odd? }
p a
b = a.dup
p b.map! { |x| x + 1 }
p b.select! { |x| x > 4 }
p b.select! { |x| x > 4 }
p b.reject! { |x| x > 100 }
p b.reject! { |x| x == 5 }
p b
