p self
puts self
print self, "\n"
p self.class
puts self.inspect
puts self.to_s
puts "#{self}"
