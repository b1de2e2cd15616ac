p "abc".to_sym
p "a b".to_sym
p "".to_s
s = "x"
p s.to_s
p s.to_s.equal?(s)
p "foo?".to_sym
p "9lives".to_sym
p "abc".to_sym == :abc
