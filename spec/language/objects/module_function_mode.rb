module Util
  module_function

  def double(x) = x * 2

  def triple(x) = x * 3

  public

  def shared = :shared
end

p Util.double(4)
p Util.triple(2)
p Util.respond_to?(:shared)
p Util.private_instance_methods(false).sort
p Util.public_instance_methods(false)

class User
  include Util

  def run = [double(1), shared]
end
p User.new.run
p((User.new.double(1) rescue "private"))
