puts "exiting"
begin
  exit 3
ensure
  puts "ensure runs on exit"
end
