def f(x)
  x
end
puts "before"
total = f(1) +
  f(nil) +
  f(3)
p total
