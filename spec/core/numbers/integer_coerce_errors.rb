def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 1 + nil }
show { 1 + :a }
show { 1 - "2" }
show { 1 * [] }
show { 1 / Object.new }
show { 1 & 1.5 }
show { (2**64) & 2.5 }
show { 1 | nil }
show { 1 ** nil }
show { 1.coerce(nil) }
