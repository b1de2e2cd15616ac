Animal = Class.new do
  def speak = "..."
end

Dog = Class.new(Animal) do
  define_method(:speak) { "woof" }

  def self.kind = "dog class"
end

p Dog.new.speak
p Animal.new.speak
p Dog.superclass
p Dog.kind
p Dog.name
