def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 10.0.divmod(3)
p(-10.0.divmod(3))
p 10.0.divmod(-3)
p 10.5.divmod(3.5)
p 11.5.divmod(4)
p(-11.5.divmod(4))
p 1.0.divmod(0.1)
p 10.0.divmod(2**70)
show { 1.0.divmod(0) }
show { 1.0.divmod(0.0) }
show { Float::NAN.divmod(1) }
show { 1.0.divmod(Float::NAN) }
show { Float::INFINITY.divmod(2) }
show { 1.0.divmod(nil) }
