l = lambda { |x| x }
p l.(1)
p l.arity
p l.lambda?
l.(1, 2, 3)
