def needs_two(a, b)
  a + b
end
def caller_one(x)
  needs_two(x)
end
def caller_two
  caller_one(1)
end
puts "before"
caller_two
