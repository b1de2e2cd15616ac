a = [1, 2, 3]
r = a.each { |x| print x * 2, " " }
puts
p r.equal?(a)
p [].each { puts "never" }
r2 = a.each_with_index { |x, i| print "#{i}:#{x} " }
puts
p r2.equal?(a)
a.each_index { |i| print i }
puts
p(a.each { |x| break x * 10 if x == 2 })
