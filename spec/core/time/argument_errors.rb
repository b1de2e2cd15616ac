# Out-of-range and malformed constructor arguments, with MRI's messages.
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { Time.utc(2020, 13, 1) }
try { Time.utc(2020, 0) }
try { Time.utc(2020, 1, 0) }
try { Time.utc(2020, 1, 32) }
try { Time.utc(2020, 1, 1, 25) }
try { Time.utc(2020, 1, 1, 24, 1) }
try { Time.utc(2020, 1, 1, -1) }
try { Time.utc(2020, 1, 1, 23, 60) }
try { Time.utc(2020, 1, 1, 0, 0, 61) }
try { Time.utc(2020, 1, 1, 0, 0, 64) }
try { Time.utc(2020, "xyz") }
try { Time.utc(2020, "february") }
try { Time.utc(2020, 1, 1, 0, 0, "7.5") }
try { Time.utc(nil) }
try { Time.utc("x") }
try { Time.utc }
try { Time.utc(2020, 1, 1, 0, 0, 0, 1_000_000) }
try { Time.new(2020, 1, 1, 0, 0, 0, 86_400) }
try { Time.new(2020, 1, 1, 0, 0, 0, "nine") }
