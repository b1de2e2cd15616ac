class Even
  def self.===(x)
    x.is_a?(Integer) && x.even?
  end
end

class Matcher
  def initialize(len) = @len = len
  def ===(other) = other.respond_to?(:length) && other.length == @len
end

def test(v)
  case v
  when Even then "even"
  when Matcher.new(3) then "length 3"
  when ->(x) { x.respond_to?(:zero?) && x.zero? } then "zero-ish"
  else "no match"
  end
end

[4, 7, "abc", [1, 2, 3], 0.0, "ab"].each { |v| puts "#{v.inspect} -> #{test(v)}" }
