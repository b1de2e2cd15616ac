class Late
  def value
    LATER
  end
end

LATER = "defined after the method"
p Late.new.value

module Namespace
  def self.lookup
    Helper.name
  end

  class Helper
  end
end

p Namespace.lookup
