a = [1, "a", :b, nil, 2.5]
p a
puts a.inspect
puts a.to_s
p []
p [[1, 2], [3, [4]]]
p [true, false, -0.0, 2**70]
p a.class
p a.size
p [].size
b = [1 + 1, "x" * 2, 3 > 2]
p b
