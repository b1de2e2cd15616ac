# sleep answers whole seconds slept; its argument must be a non-negative
# number.
p sleep(0), sleep(0.01).between?(0, 1), sleep(0.001).class
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { sleep(-1) }
try { sleep(-0.5) }
try { sleep("x") }
try { sleep(nil) }
try { sleep(Float::NAN) }
try { sleep(1, 2) }
