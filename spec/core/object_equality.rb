a = "s"
b = "s"
p a == b
p a.equal?(b)
p a.equal?(a)
p :s.equal?(:s)
p 1.equal?(1)
p nil.equal?(nil)
p (2**64).equal?(2**64)
p (2**64) == (2**64)
p 1.5 == 1.5
p self == self
p self != self
p self.equal?(self)
p a != b
