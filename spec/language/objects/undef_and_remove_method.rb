# remove_method uncovers the ancestor's method; undef_method and `undef`
# hide it too.
class Base
  def greet = "base greet"
  def other = "base other"
  def third = "base third"
end

class Child < Base
  def greet = "child greet"
  def to_s = "a child"
  def inspect = "#<Child>"
end

c = Child.new
p c.greet
class Child
  remove_method :greet
end
p c.greet, Child.instance_methods(false).sort
class Child
  undef_method :greet
end
begin
  c.greet
rescue NoMethodError => e
  puts e.message
end
p c.respond_to?(:greet), Child.method_defined?(:greet), Base.method_defined?(:greet)
p Base.new.greet

class Base
  undef other, third
end
[:other, :third].each do |name|
  Base.new.public_send(name)
rescue NoMethodError => e
  puts e.message.split(" for ").first
end

[[:remove_method, :nope], [:undef_method, :nope], [:remove_method, :greet]].each do |method, name|
  Child.send(method, name)
rescue NameError => e
  p e.class, e.message.lines.first.chomp
end
p Child.send(:remove_method), Child.send(:undef_method)

module Greeting
  def hello = "hello"
end
class Polite
  include Greeting
  undef_method :hello
end
p Polite.new.respond_to?(:hello), Object.new.extend(Greeting).hello
