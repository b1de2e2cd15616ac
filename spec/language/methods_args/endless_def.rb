def square(x) = x * x
def greet(name = "world") = "hello #{name}"
def none = nil
def question? = true
def cube(x) =
  x * square(x)

p square(7)
p greet
p greet("ruby")
p none
p question?
p cube(3)
class Temp
  def initialize(c) = @c = c
  def f = @c * 9 / 5 + 32
end
p Temp.new(100).f
