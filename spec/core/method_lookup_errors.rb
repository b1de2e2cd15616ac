# `method` and `public_method` name the class they looked in (a singleton
# class when the receiver has one; every class has one) in their
# NameError, and make it the error's receiver.
class Foo
  def pub = 1
  protected def pro = 2
  private def pri = 3
end
module M; end
[1, nil, Foo.new, Foo, M, "s", :sym].each do |r|
  r.method(:absent)
rescue NameError => e
  puts e.message.lines.first, e.receiver.inspect, e.name.inspect
end
o = Foo.new
def o.single = 1
begin
  o.method(:absent)
rescue NameError => e
  puts e.message.lines.first.sub(/0x\h+/, "0x")
end
begin
  Foo.instance_method(:absent)
rescue NameError => e
  puts e.message.lines.first
end
p Foo.new.public_method(:pub).call, 1.public_method(:+).call(2)
[:pro, :pri].each do |name|
  Foo.new.public_method(name)
rescue NameError => e
  p e.message.lines.first, e.receiver, e.name
end
begin
  1.public_method(:puts)
rescue NameError => e
  puts e.message
end
