r = p
p r
r = p 1
p r
r = p 1, "two", :three
p r
p()
x = p "s"
p x
p nil
p [nil]
