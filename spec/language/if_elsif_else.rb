def classify(n)
  if n < 0
    "negative"
  elsif n == 0
    "zero"
  elsif n < 10
    "small"
  else
    "large"
  end
end
p classify(-5)
p classify(0)
p classify(7)
p classify(100)
x = 3
if x > 2 then puts "then form" end
if x > 5
  puts "no"
end
puts "done"
