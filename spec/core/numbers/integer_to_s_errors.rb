def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 10.to_s(1) }
show { 10.to_s(37) }
show { 10.to_s(0) }
show { 10.to_s(-2) }
show { 10.to_s("2") }
show { 10.to_s(nil) }
show { (2**70).to_s(99) }
