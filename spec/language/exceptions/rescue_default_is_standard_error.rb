def run
  yield
rescue
  "bare rescue got #{$!.class}"
end

puts run { raise ArgumentError }
puts run { raise IndexError, "i" }
begin
  run { raise NotImplementedError, "not std" }
rescue NotImplementedError => e
  puts "outer got #{e.class}: #{e.message}"
end
p NotImplementedError.ancestors.take(3)
