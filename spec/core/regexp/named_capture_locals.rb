# A literal with named groups on the left of =~ assigns locals.
if /(?<year>\d{4})-(?<month>\d\d)/ =~ "on 2024-06-01"
  p [year, month]
end
/(?<word>[a-z]+)/ =~ "123"
p word
/(?<found>x)/ =~ "x"
p found
def m
  /(?<a>.)(?<b>.)?/ =~ "z"
  [a, b]
end
p m
r = /(?<nope>q)/
r =~ "q"
p defined?(nope)
"q" =~ /(?<also_nope>q)/
p defined?(also_nope)
[1].each do
  /(?<inner>i)/ =~ "i"
  p inner
end
