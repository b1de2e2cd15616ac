# `::X` is the constant X of Object, even inside a scope that defines its
# own constant named Object.
X = 1
module Outer
  X = 2
  module Object
    X = 3
    p X
    p ::X
    ::Y = 4
    class ::Z
      def self.where = name
    end
  end
end
p Y
p Z.where
p Outer::Object::X
