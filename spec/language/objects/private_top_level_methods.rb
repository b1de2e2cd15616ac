def helper
  "helper"
end

class User
  def call_helper
    helper
  end
end

p User.new.call_helper
p Object.private_method_defined?(:helper)
p self.respond_to?(:helper)
p respond_to?(:helper, true)
p self.helper
