r = [1, 2, 3].map do |i|
  begin
    next :skipped if i == 2
    i
  ensure
    puts "ensure #{i}"
  end
end
p r
j = 0
while j < 3
  j += 1
  begin
    next if j == 1
    puts "body #{j}"
  ensure
    puts "ensure #{j}"
  end
end
