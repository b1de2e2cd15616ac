class Plain
  def a; end
  def b; end
  private def c; end
end

p Plain.instance_methods(false).sort
p Plain.method_defined?(:a)
p Plain.method_defined?(:c)
p Plain.private_method_defined?(:c)
p Plain.public_method_defined?(:to_s)
p Plain.instance_method(:a).name
