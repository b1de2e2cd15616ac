def upper(s)
  s.length(1)
end
def wrap(s)
  "[" + upper(s) + "]"
end
puts "wrapping"
puts wrap("x")
