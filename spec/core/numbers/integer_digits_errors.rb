def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { (-5).digits }
show { (-(2**70)).digits }
show { 10.digits(1) }
show { 10.digits(0) }
show { 10.digits(-2) }
show { 10.digits("a") }
show { 10.digits(nil) }
