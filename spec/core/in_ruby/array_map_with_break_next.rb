r = [1, 2, 3, 4].map do |x|
  next :odd if x.odd?
  x * 2
end
p r
r2 = [1, 2, 3].map { |x| break :stopped if x == 2; x }
p r2
r3 = [5, 6, 7].select do |x|
  next true if x == 5
  x > 6
end
p r3
