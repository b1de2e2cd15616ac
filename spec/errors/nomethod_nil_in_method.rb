def shout(s)
  s.upcase
end
puts shout("ok")
puts shout(nil)
