def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { format("%d", nil) }
show { format("%d", "abc") }
show { format("%d", "1.5") }
show { format("%d", Object.new) }
show { format("%d", Float::NAN) }
show { format("%d", -Float::INFINITY) }
show { format("%d", true) }
