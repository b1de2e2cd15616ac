def inner
  raise IndexError, "deep index"
end

def outer
  inner
rescue IndexError => e
  puts "logging: #{e.message}"
  raise
end

outer
