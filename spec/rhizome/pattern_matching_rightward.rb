i = 0
while i < 3
  puts "line #{i}"
  i = i + 1
end
pair = [1, 2]
pair => [first, second]
p first
