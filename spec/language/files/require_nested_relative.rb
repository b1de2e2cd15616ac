puts "main start"
p require_relative("lib/outer_lib")
p require_relative("lib/inner_lib")
p Outer.compute
puts "main end"
