(2..36).each { |b| print 255.to_s(b), " " }
puts
(2..36).step(7) { |b| puts((-123456789).to_s(b)) }
p (2**100).to_s(2)
p (2**100).to_s(36)
p (-(3**80)).to_s(16)
p (-(3**80)).to_s(7)
p 0.to_s(2)
p 35.to_s(36)
p 10.inspect
p 10.to_s(2.9)
