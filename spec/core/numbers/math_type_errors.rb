def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { Math.sqrt("4") }
show { Math.sqrt(nil) }
show { Math.sqrt(true) }
show { Math.sqrt(Object.new) }
show { Math.sqrt(:a) }
show { Math.log(2, "x") }
show { Math.atan2(1, nil) }
show { Math.sqrt }
show { Math.log(1, 2, 3) }
show { Math.hypot(1) }
