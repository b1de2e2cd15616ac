# `when` tests call `===` from compiled code, as the interpreter does.

class Shape; end
class Circle < Shape; end
class Square < Shape; end

class Even
  def self.===(n) = n.is_a?(Integer) && n.even?
end

def classify(x)
  case x
  when Circle then "circle"
  when Shape then "shape"
  when Even then "even"
  when 1..9 then "digit"
  when /\A[a-z]+\z/ then "word"
  when String, Symbol then "text"
  else "other"
  end
end

values = [Circle.new, Square.new, 4, 3, "abc", "A1", :s, nil, 2.5]
counts = Hash.new(0)
3000.times { |i| counts[classify(values[i % values.size])] += 1 }
p counts

class Picky
  def self.===(_) = raise(ArgumentError, "no matching today")
end

def pick(x)
  case x
  when Picky then 1
  end
end

begin
  pick(1)
rescue ArgumentError => e
  p e.message
  p e.backtrace.first(2).map { |line| line.sub(/\A.*?:/, "") }
end
# spec: skip-mode gc-stress 0.5 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
