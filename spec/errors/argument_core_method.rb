x = 1
p x.+(2)
p x.-(1)
puts "calling + with two arguments"
p x.+(1, 2)
