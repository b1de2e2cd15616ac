def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { 256.chr }
show { -1.chr }
show { (2**70).chr }
show { 0x110000.chr("UTF-8") }
show { 0xD800.chr("UTF-8") }
