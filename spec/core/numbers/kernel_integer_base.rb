def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p Integer("z", 36)
p Integer("Z", 36)
p Integer("12", 8)
p Integer("0x1f", 16)
p Integer("0b101", 2)
p Integer("11", 2)
p Integer("12", 0)
p Integer("0x12", 0)
p Integer("12", nil)
show { Integer("0x1f", 10) }
show { Integer("9", 8) }
show { Integer(12, 8) }
show { Integer("12", 1) }
show { Integer("12", 37) }
show { Integer("12", -2) }
