def fail_deep
  raise ArgumentError, "bad value"
end

begin
  fail_deep
rescue => e
  puts e.full_message(highlight: false)
  puts "---"
  puts e.full_message(highlight: false, order: :top)
  puts "---"
  puts e.full_message(highlight: false, order: :bottom)
end
