# Recursive calls each keep their own match.
def depth(s)
  return [] unless s =~ /\A(\w)(.*)\z/
  rest = depth($2)
  [$1] + rest
end
p depth("abcd")
