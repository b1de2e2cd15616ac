pr = proc { |a, b, c| "a=#{a.inspect} b=#{b.inspect} c=#{c.inspect}" }
puts pr.call
puts pr.call(1)
puts pr.call(1, 2, 3, 4)
puts pr.call([1, 2])
puts pr.call([1, 2], 3)
one = proc { |a| a.inspect }
puts one.call(1, 2)
puts one.call([1, 2])
