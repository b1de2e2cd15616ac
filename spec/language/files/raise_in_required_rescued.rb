begin
  load "lib/raising_lib.rb"
rescue => e
  p e.message
  puts e.backtrace
end
p $raising_partial
