# The block form of class_eval (and Class.new) defines methods in the
# module, but looks up and assigns constants where the block was written.
C = Class.new { X = 1; def x; X; end }
p X
p C.new.x
p C.const_defined?(:X, false)
module M; Y = 5; end
M.module_eval { p defined?(Y) }
M.class_eval do
  Z = 3
  class Inner; end
  module Mod; end
  def hi = :hi
end
p Z, Inner, Mod
p M.constants.sort
p Object.new.extend(M).hi
begin
  M.class_eval { Missing }
rescue NameError => e
  p e.message.lines.first
end
class Outer
  W = 7
  Class.new { p W }
end
