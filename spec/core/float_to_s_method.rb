p 1.5.to_s
p 2.0.to_s
p 1e20.to_s
p 1e-5.to_s
p (0.0 / 0.0).to_s
p (1.0 / 0).to_s
p (-1.0 / 0).to_s
p -0.0.to_s
p 3.25.inspect
p 1.5.class
p (1.0 / 0).class
