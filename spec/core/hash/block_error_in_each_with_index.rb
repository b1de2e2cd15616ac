# Errors raised inside Enumerable methods run through Hash#each.
h = { x: 1, y: 2 }
begin
  h.each_with_index { |(k, v), i| raise ArgumentError, "bad #{k}" if i == 1 }
rescue ArgumentError => e
  puts e.message
  puts e.backtrace
end
begin
  h.sum { |k, v| raise "sum #{k}" }
rescue => e
  puts e.backtrace
end
begin
  h.transform_values { |v| v.nope }
rescue NoMethodError => e
  puts e.message
  puts e.backtrace
end
h.delete_if { |k, v| v.fdiv(0).nan? || nil.size }
