p((1 and 2))
p((nil and 2))
p((1 or 2))
p((nil or 2))
p((false or nil))
a = nil or 5
p a
b = 1 and 2
p b
c = (nil or "x")
p c
puts "printed" and puts "also"
puts "again" or puts "never"
p((not true and false))
p((not (true and false)))
