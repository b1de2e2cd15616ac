class Holder
  def self.make
    attr_accessor :a
  end

  def value=(v)
    @value = v * 2
    :ignored
  end

  attr_reader :value
end

p Holder.make
h = Holder.new
r = (h.value = 5)
p r
p h.value
p h.send(:value=, 7)
p h.value
p(h.a = 3)
