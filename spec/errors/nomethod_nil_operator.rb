puts "adding"
total = nil
p total
p total.to_s
total + 1
