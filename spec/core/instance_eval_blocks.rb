# The block forms of instance_eval and instance_exec: self is the
# receiver, a def defines a singleton method, constants stay lexical.

class Foo
  LIMIT = 3
  def initialize = @secret = 42
end
f = Foo.new
p f.instance_eval { @secret }
p f.instance_eval { |x| x.equal?(self) }
p f.instance_exec(1, 2) { |a, b| [a + b, @secret] }
p f.instance_exec { |*a| a }
f.instance_eval { def hi = "hi #{@secret}" }
p f.hi
p f.singleton_methods
p Foo.new.respond_to?(:hi)
p 5.instance_exec(2) { |x| self + x }
p f.instance_eval { LIMIT rescue :no_const }
class Foo
  def peek(&b) = instance_eval(&b)
end
p f.peek { @secret * 2 }
Foo.instance_eval { def build = new }
p Foo.build.class
begin
  f.instance_eval
rescue ArgumentError => e
  p e.message
end
begin
  f.instance_exec
rescue LocalJumpError => e
  p e.message
end

class Config
  def initialize = @values = {}
  def set(key, value) = @values[key] = value
  def values = @values
  def self.build(&block)
    config = new
    config.instance_eval(&block)
    config
  end
end
built = nil
300.times { |i| built = Config.build { set(:size, i); set(:name, "n#{i}") } }
p built.values
