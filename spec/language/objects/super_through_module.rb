module Greeting
  def hello
    "module hello / " + super
  end
end

class Base
  def hello
    "base hello"
  end
end

class Child < Base
  include Greeting

  def hello
    "child hello / " + super
  end
end

puts Child.new.hello
p Child.ancestors.take(4)
