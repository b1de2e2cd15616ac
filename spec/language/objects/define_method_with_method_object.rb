class Source
  def hello(name)
    "hello #{name} from #{self.class}"
  end
end

class Target < Source
  define_method(:hi, instance_method(:hello))
  define_method(:shout) { |n| hi(n).upcase }
end

t = Target.new
puts t.hi("x")
puts t.shout("y")
l = ->(a, b) { a * b }
Target.define_method(:mul, &l)
p t.mul(6, 7)
