# rand(float): a float in [0, max); rand(0.0) is a float in [0, 1).
r = Random.new(5)
p r.rand(1.5), r.rand(100.0), r.rand(1e-9), r.rand(0.0), r.rand(2)
p Random.new(5).rand(1.5) == Random.new(5).rand * 1.5
