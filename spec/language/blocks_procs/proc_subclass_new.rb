# Proc.new in a subclass of Proc makes an instance of it and calls its
# initialize; Proc.new passes its arguments to initialize too.
class Tagged < Proc
  attr_reader :tag
  def initialize(tag)
    @tag = tag
  end
end
t = Tagged.new(:x) { |a| a + 1 }
p t.class, t.tag, t.call(1), t.lambda?, t.arity
p Tagged.ancestors.take(2)
b = proc { 1 }
p Proc.new(&b).equal?(b)
s = Tagged.new(:y, &b)
p s.equal?(b), s.class, s.call
begin
  Proc.new(1) { }
rescue ArgumentError => e
  puts e.message
end
