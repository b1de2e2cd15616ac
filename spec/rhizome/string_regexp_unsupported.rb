# String methods that need Regexp raise NotImplementedError until rhizome
# has Regexp; a String pattern works where MRI accepts one.
p "hello".sub("l", "L"), "a b".split(" "), "abc".match?("b"), "abc".scan("b")
begin
  "hello".match("l")
rescue NotImplementedError => e
  p e.class, e.message
end
:sym.match("y")
