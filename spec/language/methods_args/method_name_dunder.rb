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

# A block whose method has returned still names that method.
def make_name_proc = proc { [1].map { __method__ } }
p make_name_proc.call
