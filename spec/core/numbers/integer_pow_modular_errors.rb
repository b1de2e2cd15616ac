def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 3.pow(-1, 7) }
show { 3.pow(2, 7.0) }
show { 3.pow(2.0, 7) }
show { 3.pow(2, 0) }
show { 3.pow(2, nil) }
show { 3.pow(1, 2, 3) }
