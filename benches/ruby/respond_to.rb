# Duck typing: dispatch on `respond_to?` with constant method names over a
# mix of classes, some answering through a method of their superclass.
# Usage: respond_to.rb [N] (default 5 million calls).

class Duck
  def quack = 1
end

class Robot
  def beep = 2
end

class Dog
  def bark = 3
  def quack = 4
end

class RobotDog < Robot
  def bark = 5
end

def sound(thing)
  if thing.respond_to?(:quack)
    thing.quack
  elsif thing.respond_to?(:beep)
    thing.respond_to?(:bark) ? thing.bark + thing.beep : thing.beep
  else
    0
  end
end

things = [Duck.new, Robot.new, Dog.new, RobotDog.new, Object.new, 42]
n = (ARGV[0] || 5_000_000).to_i
sum = 0
i = 0
while i < n
  sum += sound(things[i % 6])
  i += 1
end
p sum
