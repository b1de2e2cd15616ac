x = 10
y = 20
[1, 2].each do |i; x|
  x = i * 100
  y = i
end
p x
p y
z = 5
[7].each { |z| p z }
p z
1.times do
  fresh = "only in block"
  p defined?(fresh)
end
p defined?(fresh)
