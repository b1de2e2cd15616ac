# MRI's warnings as methods the VM relies on are redefined, removed or
# undefined; other definitions of them warn of nothing.

class A
  def object_id
    1
  end
end
o = Object.new
def o.__send__(*)
  2
end
module M
  def object_id
    3
  end
end
class B
  def initialize; end
  define_method(:object_id) { 4 }
end
p A.new.object_id, o.__send__(:x), B.new.object_id
class A
  remove_method :object_id
end
class B
  undef_method :initialize
end
class C
  def __send__(*) = :c
  remove_method :__send__
end
begin
  class D
    remove_method :initialize
  end
rescue NameError => e
  puts e.message
end
p A.new.object_id.is_a?(Integer)
