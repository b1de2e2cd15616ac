class Dyn
  def method_missing(name, *args)
    if name.end_with?("!")
      "bang #{name}"
    else
      super
    end
  end

  def respond_to_missing?(name, priv)
    name.end_with?("!") || super
  end
end

d = Dyn.new
p d.respond_to?(:go!)
p d.respond_to?(:go)
m = d.method(:go!)
p m.call
p d.public_send(:stop!)
begin
  d.go
rescue NoMethodError => e
  p e.name
end
