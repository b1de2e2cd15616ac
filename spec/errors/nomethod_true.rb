p true
p true & false
p true.to_s
true.upcase
puts "never"
