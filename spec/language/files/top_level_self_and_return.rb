require_relative "lib/early_return_lib"
p $early_status
p EarlyLib.ok
p defined?(EarlyLib)
puts "main continues"
