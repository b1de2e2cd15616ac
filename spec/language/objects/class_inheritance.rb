class Animal
  def initialize(name)
    @name = name
  end

  def speak
    "#{@name} makes a sound"
  end

  def describe
    "I am #{@name}: #{speak}"
  end
end

class Dog < Animal
  def speak
    "#{@name} barks"
  end
end

class Puppy < Dog
end

puts Animal.new("generic").describe
puts Dog.new("rex").describe
puts Puppy.new("bit").describe
p Puppy.superclass
p Puppy.superclass.superclass
p Puppy.ancestors.take(3)
