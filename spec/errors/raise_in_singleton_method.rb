class Factory
  def self.build(kind)
    raise ArgumentError, "unknown kind #{kind}" unless kind == :ok
  end

  class << self
    def make = build(:bad)
  end
end

Factory.make
