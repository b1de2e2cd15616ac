p [-3.7.abs, 3.7.abs, -0.0.abs, -3.7.magnitude, -(3.5), +(-2.5), -Float::INFINITY.abs]
x = 2.5
p [-x, x.-@, x.+@]
