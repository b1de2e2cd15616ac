puts "before"
format("%d", nil)
puts "after"
