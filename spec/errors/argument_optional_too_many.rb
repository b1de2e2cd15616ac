def greet(name, greeting = "hi")
  "#{greeting} #{name}"
end
puts greet("a")
puts greet("a", "b")
puts greet("a", "b", "c")
