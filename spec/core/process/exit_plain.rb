# exit: ensure clauses run, then the process ends with status 0.
begin
  puts "before"
  exit
ensure
  puts "ensure"
end
puts "never"
