i = 0
while i < 5
  puts i
  i = i + 1
end
p i
sum = 0
n = 1
while n <= 100
  sum = sum + n
  n = n + 1
end
p sum
while false
  puts "never"
end
j = 3
while j > 0 do
  print j, " "
  j = j - 1
end
puts
