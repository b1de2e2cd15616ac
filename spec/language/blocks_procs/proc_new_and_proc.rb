a = Proc.new { |x| "Proc.new #{x}" }
b = proc { |x| "proc #{x}" }
p a.call(1)
p b.call(2)
p a.class
p b.lambda?
p a.arity
c = proc { |x, y| [x, y] }
p c.call(1)
p c.call(1, 2, 3)
p c.call([4, 5])
