def greet(name, greeting = "hello")
  "#{greeting}, #{name}"
end
puts greet("ann")
puts greet("ann", "bye")
def opts(a = 1, b = 2, c = 3)
  [a, b, c]
end
p opts
p opts(10)
p opts(10, 20)
p opts(10, 20, 30)
def mixed(a, b = nil)
  p a
  p b
end
mixed(1)
mixed(1, 2)
