def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 1.5.round(half: :bogus) }
show { 1.5.round(half: "sideways") }
show { 1.5.round(half: 1) }
show { 1.5.round("1") }
show { 1.5.round(nil) }
show { 1.5.round(1, 2) }
show { 1.5.round(2**40) }
show { 1.5.floor(half: :even) }
show { 1.5.round(1.9) }
