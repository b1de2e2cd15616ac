# Core methods set the $~ of the method calling them.
def check
  "hello".sub(/l(l)/, "L")
  a = $1
  "x-y".split(/(-)/)
  b = $1
  "abc".index(/c/)
  c = $~[0]
  "abc".scan(/[ab]/)
  d = $~[0]
  [a, b, c, d]
end
p check
p $~
