X = "top"

class Base
  X = "base"
end

module Scope
  X = "scope"

  class Child < Base
    def which
      X
    end
  end
end

class Scope::Other < Base
  def which
    X
  end
end

p Scope::Child.new.which
p Scope::Other.new.which
