p Math::PI
p Math::E
include Math
p sqrt(16)
p log(E)
p PI.round(5)
p Math.respond_to?(:sqrt)
p Math.private_instance_methods.include?(:sqrt)
