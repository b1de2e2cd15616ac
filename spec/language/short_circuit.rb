def t(x)
  puts "called t(#{x})"
  true
end
def f(x)
  puts "called f(#{x})"
  false
end
p t(1) && t(2)
p f(3) && t(4)
p t(5) || t(6)
p f(7) || t(8)
p f(9) || f(10)
p((t(11) and f(12)))
p((f(13) or t(14)))
