def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 1.0 / 0
p(-1.0 / 0)
p 0.0 / 0
p 1.0 / -0.0
p 1 / 0.0
p 0 / 0.0
p 1.0.fdiv(0)
show { 1.0 % 0 }
show { 1.0.divmod(0) }
show { 1 / 0 }
