puts "never printed"
x = 1
if x
  puts x
end
end
puts x
