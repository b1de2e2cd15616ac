def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 2.0 ** 3
p 2.0 ** 0.5
p 2.0 ** -2
p 10.0 ** 20
p 10.0 ** 400
p 0.0 ** -1
p(-2.0 ** 2)
p((-2.0) ** 3)
p((-8.0) ** 2.0)
p 2.0 ** (2**70)
p 0.5 ** (2**70)
p 1.5 ** 2
p Float::NAN ** 0
show { 2.0 ** "a" }
