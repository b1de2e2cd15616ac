class Temperature
  def self.from_f(f)
    new((f - 32) * 5 / 9)
  end

  def Temperature.zero
    new(0)
  end

  attr_reader :degrees

  def initialize(d)
    @degrees = d
  end
end

p Temperature.from_f(212).degrees
p Temperature.zero.degrees
p Temperature.respond_to?(:from_f)
p Temperature.new(1).respond_to?(:from_f)
p Temperature.singleton_methods.sort
