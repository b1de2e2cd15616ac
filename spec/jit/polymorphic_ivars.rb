# Instance variables read and written at sites that see several shapes: a
# method of a superclass run on instances of its subclasses (each with
# variables of its own), then on more shapes than a site caches, then on
# shapes that only come after the method was compiled; variables never
# set read nil, and a frozen object's write raises as MRI's does.
class Base
  attr_reader :a
  attr_writer :b

  def initialize(a)
    @a = a
    @b = a * 2
  end

  def total = @a + @b

  def bump
    @b = @b + 1
  end

  def note = @note
end

class One < Base
  def initialize(a)
    super
    @c = 1
  end
end

class Two < Base
  def initialize(a)
    @z = 0
    super
    @d = 2
  end
end

def work(objects, rounds)
  sum = 0
  rounds.times do |i|
    o = objects[i % objects.size]
    o.bump
    o.b = o.a + i % 3
    sum += o.total + o.a
    sum += 1 if o.note.nil?
  end
  sum
end

p work([One.new(1), Two.new(2)], 3000)
# Shapes the compiled code has not seen: new subclasses, one with its
# variables in another order, and more than a site caches.
classes = (1..6).map do |n|
  Class.new(Base) do
    define_method(:initialize) do |a|
      n.times { |k| instance_variable_set(:"@x#{k}", k) }
      super(a)
    end
  end
end
p work(classes.map { |c| c.new(3) }, 3000)
p work([One.new(1), Two.new(2)] + classes.map { |c| c.new(4) }, 3000)

frozen = One.new(5).freeze
begin
  frozen.bump
rescue FrozenError => e
  p e.class
  puts e.message.sub(/0x\h+/, "0x")
end
begin
  frozen.b = 1
rescue => e
  p e.class
end
p frozen.total
