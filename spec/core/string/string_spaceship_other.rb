# String#<=> with a non-String: to_str converts; else the other's <=> is
# asked the other way round and its answer negated (nil stays nil).
class Version
  attr_reader :text
  def initialize(text) = @text = text
  def <=>(other)
    puts "Version <=> #{other.inspect}"
    other.is_a?(String) ? text <=> other : nil
  end
end
p "b" <=> Version.new("a"), "a" <=> Version.new("b"), "a" <=> Version.new("a")
class Path
  def to_str = "m"
end
p "a" <=> Path.new, "z" <=> Path.new, "m" <=> Path.new
p "a" <=> 1, "a" <=> nil, "a" <=> Object.new
class Silent
  def <=>(other) = nil
end
p "a" <=> Silent.new
p ["b", Version.new("c"), "a"].sort { |x, y| x <=> y }.map { |x| x.is_a?(String) ? x : x.text }
