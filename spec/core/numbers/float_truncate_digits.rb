p [12345.6789.truncate, 12345.6789.truncate(2), 12345.6789.truncate(-2)]
p [-12345.6789.truncate, -12345.6789.truncate(2), -12345.6789.truncate(-2)]
p [1.9.to_i, -1.9.to_i, 1.9.to_int, 1e20.to_i, -1e19.truncate]
p 1e300.to_i.to_s.size
p 0.999.truncate(2)
