require_relative "lib/helpers_lib"

p shout("hi")
p Object.private_method_defined?(:shout)
class User
  def name = shout("ann")
end
p User.new.name
p HELPER_CONSTANT
p self.to_s
