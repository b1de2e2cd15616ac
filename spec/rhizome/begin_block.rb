BEGIN { puts "in BEGIN" }
puts "main program"
p 1 + 1
def f
  "f"
end
p f
