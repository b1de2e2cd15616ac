names = ["ann", nil, "bob"]
names.each do |n|
  puts n.upcase
end
puts "not reached"
