class Base
  def configure(name, size: 1, color: "red")
    "#{name} size=#{size} color=#{color}"
  end
end

class Child < Base
  def configure(name, size: 2, color: "blue")
    [super, super(name, size: size + 1), super(name)].join(" | ")
  end
end

puts Child.new.configure("a")
puts Child.new.configure("b", color: "green")
