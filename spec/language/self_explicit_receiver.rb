p self.to_s
p self.inspect
p self.class
p self.nil?
p self == self
p self.equal?(self)
