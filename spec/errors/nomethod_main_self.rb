p self
p self.class
puts "calling self.foo"
self.foo
puts "never"
