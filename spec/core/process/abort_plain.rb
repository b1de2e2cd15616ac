# abort without a message: status 1, nothing on stderr.
puts "out"
abort
