def outer_method
  inner = [1].map { __method__ }
  [__method__, inner.first]
end

p outer_method
class Foo
  define_method(:dyn) { __method__ }

  def self.klass = __method__
end
p Foo.new.dyn
p Foo.klass
p __method__
