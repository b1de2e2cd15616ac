s = "abc".freeze
s.upcase!
