# A Method or UnboundMethod keeps the method it was made for, even after
# the name is redefined; bind checks the receiver's class.
class A; def x = 1; end
class B; end
begin; A.instance_method(:x).bind(B.new); rescue TypeError => e; p e.message; end
module M; def y = 2; end
p M.instance_method(:y).bind(Object.new).call
m = A.new.method(:x)
class A; def x = 99; end
p m.call, A.new.x, m.unbind.bind(A.new).call, A.instance_method(:x).bind_call(A.new)
p m.arity, m.owner, m.name
