class Base
  def greet(name, punct = "!")
    "hello #{name}#{punct}"
  end
end

class Loud < Base
  def greet(name, punct = "?")
    super.upcase
  end
end

class Modified < Base
  def greet(name, punct = ".")
    name = name * 2
    super
  end
end

puts Base.new.greet("ann")
puts Loud.new.greet("bob")
puts Loud.new.greet("bob", "!!")
puts Modified.new.greet("cy")
