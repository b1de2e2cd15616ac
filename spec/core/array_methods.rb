a = [1, "a", :b, nil, 2.5]
p a.size
p a[0]
p a[-1]
p a[10]
p a.inspect
p a.to_s
p a.class
b = a << 6
p b.size
p a.size
p b.equal?(a)
