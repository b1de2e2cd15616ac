# method_added runs after each method a class gains: def, define_method,
# attr_*, alias and alias_method.
class Tracked
  def self.method_added(name)
    (@added ||= []) << name
    super
  end

  def self.added = @added

  def one; end
  define_method(:two) { 2 }
  attr_accessor :three
  alias four one
  alias_method :five, :two
  private def six; end
end
p Tracked.added

class Audited
  def self.method_added(name)
    return if @inside
    @inside = true
    puts "wrapping #{name}"
    original = instance_method(name)
    define_method(name) do |*args|
      puts "-> #{name}(#{args.join(", ")})"
      original.bind(self).call(*args)
    end
    @inside = false
  end

  def add(a, b) = a + b
end
p Audited.new.add(2, 3)

class Broken
  def self.method_added(name)
    raise ArgumentError, "no #{name} please" if name == :bad
  end
end
begin
  class Broken
    def good; end
    def bad; end
  end
rescue ArgumentError => e
  p e.message, Broken.method_defined?(:bad)
end
