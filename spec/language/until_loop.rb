i = 0
until i == 4
  puts i
  i = i + 1
end
p i
n = 27
steps = 0
until n == 1
  if n.even?
    n = n / 2
  else
    n = 3 * n + 1
  end
  steps = steps + 1
end
p steps
until true
  puts "never"
end
puts "end"
