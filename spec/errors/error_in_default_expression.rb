def pad(s, width = s.length + 2)
  width
end
p pad("abc")
p pad("abc", 10)
p pad(5)
