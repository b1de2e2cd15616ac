# each/each_pair yield each [key, value] pair: a block with two parameters
# takes it apart, one with one parameter gets the pair.
prices = { tea: 3, cake: 5 }
prices.each { |name, price| puts "#{name}: #{price}" }
prices.each_pair { |pair| p pair }
prices.each { |*args| p args }
prices.each { |name, | p name }
{ pt: [1, 2] }.each { |key, (x, y)| p [key, x, y] }
p prices.each { |_| }.equal?(prices)
p prices.each_pair { }.equal?(prices)
found = prices.each { |name, price| break name if price > 4 }
p found
total = 0
prices.each { |_, price| total += price }
p total
p({}.each { raise "never" })
