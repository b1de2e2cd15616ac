# `define_method` at the top level defines a public method of Object
# (MRI applies a scope's visibility only where `self` is the module),
# with every kind of block parameter, keywords among them.
name = define_method(:twice) { |a, k: 2| a * k }
p name
p Object.public_method_defined?(:twice), Object.private_method_defined?(:twice)
p twice(3), twice(3, k: 5), 1.twice(4)
private
define_method(:still_public) { :yes }
p Object.public_method_defined?(:still_public)
p 7.still_public
begin
  define_method(:nothing)
rescue ArgumentError => e
  p e.message
end
begin
  self.define_method(:x) { 1 }
rescue NoMethodError => e
  p e.message
end
