puts "before"
a = 1
p a
puts undefined_thing
puts "after"
