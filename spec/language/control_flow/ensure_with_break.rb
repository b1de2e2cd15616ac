r = [1, 2, 3].each do |i|
  begin
    puts "body #{i}"
    break i * 10 if i == 2
  ensure
    puts "ensure #{i}"
  end
end
p r
i = 0
while true
  begin
    i += 1
    break if i == 2
  ensure
    puts "while ensure #{i}"
  end
end
