def inner
  raise ArgumentError, "original"
end

def middle
  inner
rescue ArgumentError => e
  puts "middle saw #{e.message}"
  raise
end

begin
  middle
rescue => e
  puts "outer got #{e.class}: #{e.message}"
  p e.backtrace
end
