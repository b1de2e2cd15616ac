# Time + Numeric and Time - Numeric are Times; Time - Time is a Float.
t = Time.utc(2020, 1, 2, 3, 4, 5)
p t + 1, t + 0.5, t - 1.5, t + 86_400 * 31, t - 3600 * 24 * 366
p t + 0.5 - t, (t + 1) - t, t - Time.utc(2020)
p Time.at(3) - Time.at(1), Time.at(1, 1, :nsec) - Time.at(1)
p Time.at(1_700_000_000.25) - Time.at(0.125)
p (t + 1).class, (t - t).class
p Time.utc(2000, 1, 1) - Time.utc(1999, 1, 1)
p Time.new(2020, 1, 1, 0, 0, 0, "+09:00") + 1.5
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { t + t }
try { t - "x" }
try { t + nil }
try { t + Float::INFINITY }
