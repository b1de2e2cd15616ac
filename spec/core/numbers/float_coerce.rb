def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p 1.0.coerce(2)
p 1.0.coerce(2.5)
p 1.0.coerce("3.5")
p 1.0.coerce(2**70)
show { 1.0.coerce(nil) }
show { 1.0.coerce("x") }
show { 1.0 + nil }
show { 1.0 * :a }
show { 1.0 - "1" }
