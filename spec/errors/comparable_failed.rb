class Weight
  include Comparable
  attr_reader :kg

  def initialize(kg) = @kg = kg
  def <=>(other) = other.is_a?(Weight) ? kg <=> other.kg : nil
end

p Weight.new(1) < Weight.new(2)
Weight.new(1) < 5
