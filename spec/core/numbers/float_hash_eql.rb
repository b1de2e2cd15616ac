h = {1.0 => :a, 2 => :b}
p h[1.0]
p h[1]
p h[2.0]
p 0.0.hash == -0.0.hash
p 0.0.eql?(-0.0)
p 1.5.hash == 1.5.hash
p [1.0, 1.0, 2.0].uniq
