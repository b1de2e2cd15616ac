def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { format("%c", "ab") }
show { format("%c", "") }
show { format("%c", nil) }
show { format("%c", 0x110000000) }
show { format("%c", Object.new) }
