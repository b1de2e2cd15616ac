def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 1.0 < "a" }
show { 1.0 >= nil }
show { 1.0 <=> "a" }
show { 1.0 == "a" }
show { 1.0 > :sym }
