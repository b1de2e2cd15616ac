x = 12345.6789
p [x.ceil, x.ceil(1), x.ceil(2), x.ceil(-1), x.ceil(-2), x.ceil(-5)]
y = -12345.6789
p [y.ceil, y.ceil(1), y.ceil(2), y.ceil(-1), y.ceil(-2)]
p [1.1.ceil(1), 2.7.ceil(1), -0.1.ceil, 0.0.ceil(2)]
p [1e-20.ceil(5), -1e-20.ceil(5), 1e20.ceil(-5)]
