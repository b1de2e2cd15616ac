begin
  raise "first line\nsecond line"
rescue => e
  puts e.full_message(highlight: false)
end
begin
  raise IndexError, ""
rescue => e
  p e.full_message(highlight: false)
end
