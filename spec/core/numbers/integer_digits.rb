p 1234.digits
p 0.digits
p 1234.digits(100)
p 255.digits(16)
p 255.digits(2)
p (2**70).digits(10**6)
p 10.digits(2**70)
p 1234.digits(10.9)
