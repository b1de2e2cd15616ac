# `respond_to?` with a constant Symbol on a receiver whose class compiled
# code knows answers as the class does, without a call: public methods
# only, inherited ones too, `respond_to_missing?` when the program defines
# one, and methods defined, made private or removed after the code was
# compiled.

class Duck
  def quack = :quack
  def hidden = :hidden
  private :hidden
end

class Robot
  def beep = :beep
end

class Ghost
  def respond_to_missing?(name, include_all = false) = name.to_s.start_with?("boo")
end

def probe(thing)
  [thing.respond_to?(:quack), thing.respond_to?(:hidden), thing.respond_to?(:boo_hoo)]
end

answers = []
2000.times do |i|
  answers << probe(Duck.new) << probe(Robot.new)
  answers << probe(Ghost.new) if i.even?
end
p answers.uniq

class Robot
  def quack = :robot_quack
end
p probe(Robot.new)

class Duck
  public :hidden
  undef_method :quack
end
p probe(Duck.new)
p Duck.new.respond_to?(:quack, true), Duck.new.respond_to?("hidden")
p 42.respond_to?(:+), nil.respond_to?(:quack)
