module Outer
  module Inner
    def self.boom = raise(NotImplementedError, "inner module")
    boom
  end
end
