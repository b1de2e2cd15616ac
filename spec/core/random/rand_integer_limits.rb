# rand(n) for small limits: [0, n), drawn with MRI's masked retry loop.
r = Random.new(2024)
[1, 2, 3, 5, 7, 10, 16, 17, 100, 255, 256, 1000, 65_535].each do |n|
  p [n, Array.new(6) { r.rand(n) }]
end
