x = 1
@iv = 2
$gv = 3
class Foo
  CONST = 1

  def meth; end
end
p defined?(x)
p defined?(y)
p defined?(@iv)
p defined?(@nope)
p defined?($gv)
p defined?($nope)
p defined?(Foo)
p defined?(Foo::CONST)
p defined?(Bar)
p defined?(puts)
p defined?(Foo.new.meth)
p defined?(Foo.new.nope)
p defined?(String.new)
p defined?(x = 2)
p defined?(self)
p defined?(nil)
p defined?(yield)
p defined?(super)
