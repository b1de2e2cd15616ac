# rand(n) past 32 bits: two 32-bit chunks (high first), and bignum limits
# drawn word by word from the top.
r = Random.new(99)
[2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40, 2**53, 2**62 - 1, 2**62, 2**63, 2**64, 2**64 + 1, 2**70, 10**30, 3**100].each do |n|
  p [n, Array.new(3) { r.rand(n) }]
end
