# Array methods compare elements with ==: Strings and Symbols are compared
# directly while their == is the core's, and asked once someone
# redefines it.

words = %w[let rec in if then]
p words.include?("in"), words.include?("out"), words.include?(:in), words.include?(nil)
p words.index("if"), words.count("let"), (words - ["rec", "if"]), words == %w[let rec in if then]
syms = [:a, :b, :c]
p syms.include?(:b), syms.include?("b"), syms.index(:c), syms.count(:a)

class Loose < String
  def ==(other) = true
end
p [Loose.new("x")].include?("y"), ["y"].include?(Loose.new("x"))

class Wrapper
  def initialize(s) = @s = s
  def to_str = @s
  def ==(other) = other == @s
end
p ["abc"].include?(Wrapper.new("abc")), ["abc"].include?(Wrapper.new("abd"))

list = %w[a b a c]
list.delete("a")
p list

class String
  alias_method :core_eq, :==
  def ==(other) = other.is_a?(String) && core_eq(other.downcase)
end
p %w[abc].include?("ABC"), %w[abc].include?("abd")

class Symbol
  def ==(other) = other.to_s == to_s
end
p [:a].include?("a"), [:a].include?(:b)
