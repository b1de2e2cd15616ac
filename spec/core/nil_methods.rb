p nil.to_s
p nil.inspect
p nil.nil?
p 1.nil?
p "".nil?
p false.nil?
p nil.to_s.empty?
p nil.class
p nil == nil
p nil.equal?(nil)
puts nil.inspect
