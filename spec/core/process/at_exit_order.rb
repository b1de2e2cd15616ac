# at_exit handlers run last registered first, after the main program;
# exit inside one sets the status and the others still run.
at_exit { puts "first registered" }
at_exit do
  puts "second registered"
  exit 7
end
at_exit { puts "third registered" }
h = at_exit { puts "returned handler" }
p h.class
puts "main"
