X = "top"

module Outer
  X = "outer"

  class Inner
    def x
      X
    end
  end

  module Deep
    class Inner2
      def x
        X
      end
    end
  end

  def self.x
    X
  end
end

class Outer::Inner
  def compact_x
    X
  end
end

p Outer::Inner.new.x
p Outer::Deep::Inner2.new.x
p Outer.x
p Outer::Inner.new.compact_x
