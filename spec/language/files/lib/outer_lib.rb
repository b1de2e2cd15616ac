puts "outer_lib start"
p require_relative("inner_lib")
module Outer
  def self.compute = Inner.base * 2
end
puts "outer_lib end"
