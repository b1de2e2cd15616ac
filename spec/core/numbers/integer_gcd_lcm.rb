def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p [12.gcd(18), 12.lcm(18), 12.gcdlcm(18)]
p [(-12).gcd(18), 12.lcm(-18), 0.gcd(5), 0.lcm(5), 0.gcd(0)]
p (2**80).gcd(2**70 * 3)
p (2**80).lcm(3**40)
show { 10.gcd(4.0) }
show { 10.lcm("2") }
show { 10.gcd(nil) }
