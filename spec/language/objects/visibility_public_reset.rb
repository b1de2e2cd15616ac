class Mixed
  private

  def hidden1 = 1

  public

  def shown = 2

  private

  def hidden2 = 3
end

class Sub < Mixed
  public :hidden1
end

p Mixed.private_instance_methods(false).sort
p Mixed.public_instance_methods(false)
p Sub.new.hidden1
p Mixed.new.respond_to?(:hidden1)
p Sub.new.respond_to?(:hidden2)
