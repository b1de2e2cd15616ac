class Lock
  def a = "a"
  def b = "b"
  def c = "c"
  def d = "d"

  private :a, :b
  public :b
  protected :d
  private def e = "e"
end

l = Lock.new
p Lock.public_instance_methods(false).sort
p Lock.private_instance_methods(false).sort
p Lock.protected_instance_methods(false).sort
p l.b
p l.send(:a)
p l.send(:e)
