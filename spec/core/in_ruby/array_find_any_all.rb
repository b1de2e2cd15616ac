a = [3, 8, 12, 5, 20]
p a.find { |x| x > 10 }
p a.detect { |x| x > 100 }
p a.find_index { |x| x > 10 }
p a.index(5)
p a.any? { |x| x > 15 }
p a.all? { |x| x > 2 }
p a.none? { |x| x > 50 }
p a.count { |x| x.even? }
p a.count
p [nil, false].any?
p [].all?
p a.include?(12)
