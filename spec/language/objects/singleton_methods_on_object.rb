class Thing
  def label
    "thing"
  end
end

a = Thing.new
b = Thing.new

def a.label
  "special " + super
end

def a.extra
  42
end

puts a.label
puts b.label
p a.extra
p a.singleton_methods.sort
p b.singleton_methods
p b.respond_to?(:extra)
