# A bare name that reaches BasicObject#method_missing through a user's
# method_missing and `super` raises NameError, as a bare name with no
# method_missing does; a call with a receiver or arguments, NoMethodError.
class Finder
  def method_missing(name, *args, &block)
    name == :known ? 42 : super
  end

  def inspect
    "#<Finder>"
  end

  def run(&block)
    instance_eval(&block)
  end
end

finder = Finder.new

p finder.run { known }
begin
  finder.run { unknown_name }
rescue NameError => e
  p [e.class, e.message, e.name]
end
begin
  finder.run { unknown_call(1) }
rescue NameError => e
  p [e.class, e.message, e.name]
end
begin
  finder.run { self.unknown_receiver }
rescue NameError => e
  p [e.class, e.message]
end
begin
  finder.unknown_public
rescue NameError => e
  p [e.class, e.message]
end
begin
  finder.run { [1].map { unknown_in_block } }
rescue NameError => e
  p [e.class, e.message]
end
finder.run { last_one }
