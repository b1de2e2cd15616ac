def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p [7.5 % 2, -7.5 % 2, 7.5 % -2, -7.5 % -2]
p [7.5.modulo(2), 0.0 % 5, -0.0 % 5, 5.0 % Float::INFINITY, -5.0 % Float::INFINITY]
p [1e20 % 3, 3.7 % -1, 2.0 % 0.3]
show { 1.0 % 0 }
show { 1.0 % 0.0 }
show { 1.0 % "a" }
