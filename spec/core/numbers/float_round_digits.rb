x = 12345.6789
p [x.round(1), x.round(2), x.round(3), x.round(0), x.round(-1), x.round(-2), x.round(-3), x.round(-5)]
y = -12345.6789
p [y.round(1), y.round(2), y.round(-2), y.round(-5)]
p [1.5.round, 2.5.round, -1.5.round, -2.5.round, 0.5.round, -0.5.round]
p [1.005.round(2), 2.675.round(2), 1.15.round(1), 0.285.round(2)]
p 1.23456e-10.round(12)
p 10.0.round(1).class
p 10.4.round.class
