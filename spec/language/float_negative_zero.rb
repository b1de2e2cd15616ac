p -0.0
p 0.0
puts -0.0
z = -0.0
p z == 0.0
p z.to_s
p 0.0 * -1
p -0.0 + 0.0
p z.abs
