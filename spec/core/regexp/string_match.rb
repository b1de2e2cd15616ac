# String#match with a Regexp or a String (compiled as a pattern).
p "hello".match(/l(.)/), "hello".match("l.o"), "hello".match(/z/)
p "hello".match(/l/, 3), "hello".match(/l/, 4), "hello".match(/h/, -5)
r = "hello".match(/(h)(e)/) { |m| m.captures.join("+") }
p r
p :symbol.match(/m(.)/), :symbol.match?(/x/), :sym =~ /y/
begin
  "x".match(1)
rescue TypeError => e
  p e.message
end
