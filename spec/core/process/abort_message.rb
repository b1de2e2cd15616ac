# abort(message): the message on stderr, status 1, ensure still runs.
puts "out"
begin
  abort("bad thing")
ensure
  puts "ensure"
end
