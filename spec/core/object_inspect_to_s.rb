p 1.inspect
p 1.to_s
p "s".inspect
p "s".to_s
p :s.inspect
p :s.to_s
p nil.inspect
p nil.to_s
p true.inspect
p 2.5.inspect
p self.inspect
p self.to_s
p [1, "a", :b, nil].inspect
p [1, "a", :b, nil].to_s
p [].inspect
