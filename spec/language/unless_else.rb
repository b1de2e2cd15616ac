x = 5
unless x > 10
  puts "not greater than 10"
end
unless x > 1
  puts "no"
else
  puts "x > 1"
end
v = unless nil then "nil is falsy" else "no" end
p v
unless false
  p :false_is_falsy
end
unless 0
  p :never
else
  p :zero_is_truthy
end
