p format("%{a} and %{b}", a: 1, b: "two")
p format("%<x>d + %<y>.2f", x: 3, y: 1.5)
p format("%<x>08.3f|", x: 3.14159)
p format("%-6{a}|", a: "x")
p format("%<s>s %<s>p", s: "dup")
h = Hash.new { |hash, key| "<#{key}>" }
p format("%{missing}", h)
d = Hash.new(7)
p format("%<n>d", d)
p "%{a}-%{b}" % {a: 1, b: 2}
