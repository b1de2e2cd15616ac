puts "never printed"
def f
  1
end
s = "unterminated
puts s
