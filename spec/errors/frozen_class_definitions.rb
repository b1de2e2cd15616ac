# Changing the methods of a frozen class or module raises FrozenError, as
# MRI words it (class/module, or Class/Module for a frozen class's
# singleton class), and leaves the class as it was.
class Shape
  def area = 0
end
Shape.freeze

def attempt(label)
  yield
  puts "#{label}: no error"
rescue => e
  puts "#{label}: #{e.class}: #{e.message}"
end

attempt("def") { class Shape; def perimeter = 1; end }
attempt("define_method") { Shape.define_method(:sides) { 3 } }
attempt("define_method of a Method") { Shape.define_method(:sides, Shape.instance_method(:area)) }
attempt("attr_reader") { Shape.attr_reader :width }
attempt("attr_accessor") { Shape.send(:attr_accessor, :height) }
attempt("alias_method") { Shape.alias_method :size, :area }
attempt("alias_method of a missing method") { Shape.alias_method :size, :missing }
attempt("undef_method") { Shape.undef_method :area }
attempt("remove_method") { Shape.remove_method :area }
attempt("def self.") { class Shape; def self.build = new; end }
p Shape.instance_methods(false)
p Shape.new.area

module Helpers
  def help = :help
end
Helpers.freeze
attempt("def in a module") { module Helpers; def more = 1; end }
attempt("alias in a module") { module Helpers; alias other help; end }
attempt("undef in a module") { module Helpers; undef help; end }
p Helpers.instance_methods(false)

# Not frozen: all as usual.
class Open
  def a = 1
end
Open.define_method(:b) { 2 }
Open.attr_reader :c
Open.alias_method :d, :a
p Open.instance_methods(false).sort
