# A `const` site remembers what it found; everything that can change what
# a lookup finds must make it look again.

K = 1
def k = K
p k
K = 2              # reassigned (with MRI's warning): the site sees it
p k
Object.send(:remove_const, :K)
begin
  k
rescue NameError => e
  puts e.message
end
K = 3
p k

# A module included later shadows Object's constant for the class.
L = :top
module Shadow
  L = :shadow
end
class Reader
  def read = L
end
r = Reader.new
p r.read
class Reader
  include Shadow
end
p Reader.new.read

# One method body run under two lexical scopes: a `def` in a method
# called from two class bodies.
module Definer
  def self.define(klass)
    klass.class_eval do
      def which = NAME
    end
  end
end
class First
  NAME = :first
end
class Second
  NAME = :second
end
NAME = :object
Definer.define(First)
Definer.define(Second)
p First.new.which, Second.new.which

# The same `def` run in two singleton class bodies: each method looks up
# from its own scope (the singleton class, then the object's class).
[First.new, Second.new, Object.new].each do |o|
  class << o
    def named = NAME
  end
  p o.named
end
2.times do |i|
  klass = Class.new
  klass.class_eval { def scope = NAME }
  p klass.new.scope
end
module Outer
  NAME = :outer
  class Inner
    def self.make(i) = Class.new { define_method(:n) { NAME } }
  end
end
p Outer::Inner.make(1).new.n

# A constant set in a class that the lookup passes through.
class Base; end
class Derived < Base
  def get = ZZ
end
ZZ = :object
p Derived.new.get
class Base
  ZZ = :base
end
p Derived.new.get
300.times { Derived.new.get }
Base.send(:remove_const, :ZZ)
p Derived.new.get

# `super` from one method body defined in two singleton classes: each call
# goes to its own object's class (compiled code that took the first
# definition's owner as known must not serve the second).
class PA
  def hi = :pa
end
class PB
  def hi = :pb
end
[PA.new, PB.new, PA.new].each do |o|
  class << o
    def hi = [super, NAME]
  end
  3.times { o.hi }
  p o.hi
end
