def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p [0, 1, 2, 3, 4, 15, 16, 17, 24, 25, 99, 100].map { |n| Integer.sqrt(n) }
p Integer.sqrt(10**40)
p Integer.sqrt(10**41)
p Integer.sqrt(2**128 - 1)
p Integer.sqrt(24.9)
show { Integer.sqrt(-1) }
show { Integer.sqrt("4") }
show { Integer.sqrt(nil) }
show { Integer.sqrt(-(2**70)) }
