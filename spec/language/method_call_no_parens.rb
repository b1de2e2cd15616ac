def add(a, b)
  a + b
end
p add 1, 2
x = add 3, 4
p x
puts add "a", "b"
def hello
  "hello"
end
p hello
puts hello
p(add(add(1, 2), add(3, 4)))
