puts "greeter_lib loaded"

class Greeter
  def self.greet(name) = "hello, #{name}"
end
