# `new` finds `initialize` again whenever methods change: redefined, added
# by an included module, removed, and in subclasses made later.

class Base
  attr_reader :log
  def initialize(x)
    @log = [:base, x]
  end
end

class Child < Base
end

def make(klass, x)
  klass.new(x).log
end

p make(Base, 1), make(Child, 2)

class Child
  def initialize(x)
    super(x * 10)
    @log << :child
  end
end
p make(Child, 3), make(Base, 4)

module Loud
  def initialize(x)
    super
    @log << :loud
  end
end
class Child
  include Loud
end
p make(Child, 5)

class Child
  remove_method :initialize
end
p make(Child, 6)

Later = Class.new(Child) do
  def initialize(x)
    @log = [:later, x]
  end
end
p make(Later, 7), make(Child, 8)

class Base
  def initialize(x, y = :default)
    @log = [:base2, x, y]
  end
end
p make(Base, 9), make(Child, 10), Base.new(1, 2).log

begin
  Base.new
rescue ArgumentError => e
  puts e.message
  puts e.backtrace.first(2).map { |l| l[/in `.*'/] }
end
p String.new("s"), Array.new(2, 0), Hash.new(5)[:x], Struct.new(:a).new(1).a
