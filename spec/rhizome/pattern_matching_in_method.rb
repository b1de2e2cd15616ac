def destructure(pair)
  puts "destructuring"
  case pair; in [a, b] then a + b; end
end
def run
  destructure([1, 2])
end
puts "start"
run
puts "never"
