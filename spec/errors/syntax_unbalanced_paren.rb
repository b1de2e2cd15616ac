puts "never printed"
def f(x)
  x
end
p((1 + 2)
p 3
