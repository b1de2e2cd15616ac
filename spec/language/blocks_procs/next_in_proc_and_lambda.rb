pr = proc do |x|
  next "small" if x < 5
  "big"
end
l = lambda do |x|
  next "neg" if x < 0
  "pos"
end
p pr.call(1)
p pr.call(9)
p l.call(-3)
p l.call(3)
