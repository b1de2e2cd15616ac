puts "before require"
r = require_relative "lib/order_lib"
puts "after require: #{r.inspect}"
p OrderLib::STEPS
r2 = require_relative "lib/order_lib"
puts "second: #{r2.inspect}"
