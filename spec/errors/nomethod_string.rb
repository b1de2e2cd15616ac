s = "abc"
puts s
p s
p s.upcase
s.frobnicate
