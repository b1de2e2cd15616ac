def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p [13.remainder(4), -13.remainder(4), 13.remainder(-4), -13.remainder(-4)]
p [13.remainder(4.5), -13.remainder(4.5), 13.remainder(Float::INFINITY)]
p (2**70).remainder(-3)
p (-(2**70)).remainder(7)
show { 13.remainder(0) }
