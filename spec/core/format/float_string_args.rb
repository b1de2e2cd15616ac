def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p format("%f", "1.5")
p format("%.2e", "12")
p format("%g", "0x10")
show { format("%f", "abc") }
show { format("%f", nil) }
show { format("%e", Object.new) }
p format("%f", 3)
