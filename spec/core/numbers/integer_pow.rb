def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 2 ** 10
p 2 ** 100
p (-2) ** 3
p (-2) ** 64
p 0 ** 0
p 1 ** (2**70)
p (-1) ** (2**70)
p (-1) ** (2**70 + 1)
p 0 ** (2**70)
p 2 ** 0.5
p 4 ** -0.5
p 0 ** -2.0
p 1 ** -1
p (-1) ** -3
show { 0 ** -1 }
show { 2 ** "a" }
