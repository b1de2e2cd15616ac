p :abc.to_s
p :abc.inspect
puts :abc.inspect
p :abc.to_sym
p :"a b".to_s
p :"a b".inspect
p :abc.to_s.class
p :abc.class
p :a.to_sym.equal?(:a)
p :abc == "abc".to_sym
