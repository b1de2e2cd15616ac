i = 10
begin
  puts "ran with #{i}"
  i += 1
end while i < 3
j = 0
begin
  j += 1
end while j < 3
p j
k = 5
begin
  k -= 1
end until k <= 0
p k
m = 10
m += 1 while m < 3
p m
