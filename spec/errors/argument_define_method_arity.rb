class Greeter
  define_method(:greet) { |name| "hi #{name}" }
end

puts Greeter.new.greet("a")
Greeter.new.greet
