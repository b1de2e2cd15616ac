# Including a module that defines a method the compiled code called
# changes which method runs.
class Shape
  def area
    0
  end

  def describe
    "area #{area}"
  end
end

module Squared
  def area
    42
  end
end

class Square < Shape
end

s = Square.new
2000.times { s.describe }
p s.describe
Square.include(Squared)
p s.describe
# spec: skip-mode gc-stress 0.4 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
