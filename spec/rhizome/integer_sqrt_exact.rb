# Integer.sqrt is the exact integer square root for every size. MRI 3.1.2
# gets some bignums wrong (Integer.sqrt(2**124) is 2**64 - 1 there; later
# MRIs fixed it): rhizome's answers are checked here against the
# definition, x*x <= n < (x+1)*(x+1).

[2**124, 2**120 + 12_345, 2**128 - 1, 10**40, 2**64, (2**64 - 1)**2, 2**62 - 1, 4_611_686_018_427_387_904, 99].each do |n|
  x = Integer.sqrt(n)
  p [x, x * x <= n && n < (x + 1) * (x + 1)]
end
