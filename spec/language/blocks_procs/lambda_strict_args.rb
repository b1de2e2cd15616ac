l = ->(a, b) { [a, b] }
p l.call(1, 2)
begin
  l.call(1)
rescue ArgumentError => e
  puts e.message
end
begin
  l.call([1, 2])
rescue ArgumentError => e
  puts e.message
end
begin
  l.call(1, 2, 3)
rescue ArgumentError => e
  puts e.message
end
opt = ->(a, b = 2, *rest) { [a, b, rest] }
p opt.call(1)
p opt.call(1, 3, 5, 7)
