class Cat
  def sound = "meow"
end

class Cow
  def sound = "moo"
end

class Fox
  def sound = "?"
end

class Owl
  def sound = "hoot"
end

class Bee
  def sound = "buzz"
end

animals = [Cat.new, Cow.new, Fox.new, Owl.new, Bee.new, Cat.new, Cow.new]
3.times do
  puts animals.map { |a| a.sound }.join(" ")
end
class Fox
  def sound = "ring-ding"
end
puts animals.map { |a| a.sound }.join(" ")
