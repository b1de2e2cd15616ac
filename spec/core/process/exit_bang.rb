# exit! ends at once: no ensure, no at_exit handlers, and output still
# buffered is lost (standard output is a pipe here).
at_exit { puts "handler" }
$stderr.puts "to stderr"
begin
  print "buffered"
  exit!(4)
ensure
  puts "ensure"
end
