# Random.new(seed).rand: MRI's genrand_res53 floats for small seeds.
[0, 1, 42, 1234].each do |seed|
  r = Random.new(seed)
  p Array.new(5) { r.rand }
end
