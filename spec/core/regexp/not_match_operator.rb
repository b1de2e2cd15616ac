# !~ negates =~ (and sets $~ as =~ does).
p "abc" !~ /z/, "abc" !~ /b/, $~
p :sym !~ /y/, nil !~ /x/, "abc" !~ 1
class Matcher
  def =~(other)
    other == 42
  end
end
p Matcher.new !~ 42, Matcher.new !~ 1
