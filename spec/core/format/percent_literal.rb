def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

p format("100%%")
p format("%d%% of %d%%", 5, 10)
p "%%" % []
show { format("%5%") }
show { format("%-%") }
