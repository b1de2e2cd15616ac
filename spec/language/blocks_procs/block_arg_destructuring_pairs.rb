pairs = [[1, :one], [2, :two]]
pairs.each { |n, name| puts "#{n} -> #{name}" }
pairs.each_with_index { |(n, name), i| puts "#{i}: #{n}/#{name}" }
nested = [[1, [2, [3, 4]]]]
nested.each { |a, (b, (c, d))| p [a, b, c, d] }
p pairs.map { |n, _| n * 2 }
p pairs.map { |pair| pair.length }
