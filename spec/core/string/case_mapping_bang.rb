# The bang forms change the receiver, or return nil when nothing changes.
s = "hello"
p s.upcase!, s, s.upcase!, s
p s.downcase!, s, s.downcase!
p s.capitalize!, s, s.capitalize!
p s.swapcase!, s, s.swapcase!, s
p "".upcase!, "123".swapcase!, "é".upcase!
t = "abc"
u = t
u.upcase!
p t
