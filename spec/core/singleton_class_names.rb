# A class's singleton class is named after it, also when the class was
# anonymous and later took a name from a constant (Struct.new, Class.new).
class Foo
  class Bar; end
end
p Foo.singleton_class, Foo::Bar.singleton_class
Pair = Struct.new(:a, :b)
p Pair.singleton_class
klass = Class.new
p klass.singleton_class.inspect.match?(/\A#<Class:#<Class:0x\h{16}>>\z/)
Named = klass
p klass.singleton_class
mod = Module.new
p mod.singleton_class.inspect.match?(/\A#<Class:#<Module:0x\h{16}>>\z/)
Mod = mod
p mod.singleton_class
class Foo
  Inner = Class.new
end
p Foo::Inner.singleton_class
