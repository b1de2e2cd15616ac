x = 12345.6789
p [x.floor, x.floor(1), x.floor(2), x.floor(-1), x.floor(-2), x.floor(-5)]
y = -12345.6789
p [y.floor, y.floor(1), y.floor(2), y.floor(-1), y.floor(-2)]
p [0.1.floor(20), 1.1.floor(1), 2.7.floor(1), -0.0.floor, 0.0.floor(2), -0.0.floor(2)]
p [1e-20.floor(5), -1e-20.floor(5), 1e20.floor(2)]
