x = 5
p -x
p +x
p -(-x)
p -x.abs
y = -3.5
p -y
p +y
z = 2**70
p -z
p +z
p -(2**70)
p 0 - x
p x.-@
p y.+@
