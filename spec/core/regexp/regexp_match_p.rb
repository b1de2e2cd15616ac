# match? answers true or false and leaves $~ alone.
"abc" =~ /b/
p(/c/.match?("abc"), /x/.match?("abc"), /a/.match?("abc", 1), /c/.match?("abc", -1))
p $~
p(/a/.match?(nil), /a/.match?(:cat))
p "hello".match?(/l+/), "hello".match?("l.o"), "hello".match?(/x/), "hello".match?(/l/, 4)
p $~[0]
