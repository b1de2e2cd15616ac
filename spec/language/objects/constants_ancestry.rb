class Base
  LIMIT = 10
  NAME = "base"
end

module Mixin
  COLOR = "blue"
end

class Child < Base
  include Mixin
  NAME = "child"

  def info
    [LIMIT, NAME, COLOR]
  end

  def self.base_name
    Base::NAME
  end
end

p Child.new.info
p Child::LIMIT
p Child::COLOR
p Child.base_name
p Child.constants.sort
