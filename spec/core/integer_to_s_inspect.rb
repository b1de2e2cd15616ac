p 42.to_s
p -42.to_s
p 0.to_s
p (2**70).to_s
p (-(2**70)).to_s
p 42.inspect
p 255.to_s.length
puts 42.to_s + "!"
p 1_000.to_s
p 0xff.inspect
# Fixnum limits in decimal, by to_s and by interpolation.
p (2**62 - 1).to_s, (-2**62).to_s, "#{2**62 - 1}|#{-2**62}|#{-7}|#{0}"
