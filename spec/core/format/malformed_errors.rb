def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { format("%z", 1) }
show { format("%") }
show { format("abc%") }
show { format("%5") }
show { format("%.") }
show { format("%-5-d", 1) }
show { format("%5 d", 1) }
show { format("%5*d", 1, 2) }
show { format("%*5d", 1, 2) }
show { format("%.2.3f", 1.0) }
show { format("%.2 f", 1.0) }
show { format("%.2 5f", 1.0) }
show { format("%\x01", 1) }
show { format("%99999999999d", 1) }
show { format("%.99999999999f", 1) }
p format("%\n")
