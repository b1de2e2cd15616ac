def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 1.fdiv(3)
p 10.fdiv(4)
p 7.fdiv(2.0)
p (10**400).fdiv(10**399)
p (10**30).fdiv(7 * 10**12 + 1)
p 7.fdiv(2**70 + 1)
p 4583422356121344227.fdiv(-1193088399845109628)
p (-31577339748680377084).fdiv(2385778616851519035)
p 10.fdiv(0)
p -10.fdiv(0)
p 0.fdiv(0)
p 0.fdiv(-5)
show { (10**400).fdiv(0) }
show { 1.fdiv("2") }
