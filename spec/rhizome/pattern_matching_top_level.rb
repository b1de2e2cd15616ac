puts "before"
p 1 + 2
case [1, 2]; in [a, b] then p a; end
puts "after"
p a
