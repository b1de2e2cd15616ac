module MathUtil
  FACTOR = 3

  def self.triple(x) = x * FACTOR

  def helper = "instance helper"

  module_function

  def square(x) = x * x
end

p MathUtil.triple(4)
p MathUtil.square(5)
class User
  include MathUtil

  def use = [helper, send(:square, 2)]
end
p User.new.use
