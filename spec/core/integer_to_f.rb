p 1.to_f
p 0.to_f
p -7.to_f
p 123456789.to_f
p (2**53).to_f
p (2**53 + 1).to_f
p (2**64).to_f
p (2**100).to_f
p (10**20).to_f
p (10**16).to_f
p (10**15).to_f
p 3.to_f.class
