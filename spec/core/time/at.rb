# Time.at: seconds (Integer or Float) and an optional fraction in a unit.
p Time.at(0).utc, Time.at(1_600_000_000).utc
p Time.at(1, 500, :millisecond).utc, Time.at(1, 500).utc.usec, Time.at(1, 500, :usec).nsec
p Time.at(1, 2, :nsec).nsec, Time.at(1, 2, :nanosecond).nsec, Time.at(1, 2, :microsecond).nsec
p Time.at(1, 2.5).nsec, Time.at(-1.5).utc, Time.at(-1).utc.to_a
p Time.at(1.3).nsec, Time.at(1.7).nsec, Time.at(1.3).to_f
t = Time.utc(2020)
p Time.at(t), Time.at(t).equal?(t), Time.at(t) == t
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { Time.at("x") }
try { Time.at(nil) }
try { Time.at(1, 2, :foo) }
try { Time.at(Float::NAN) }
try { Time.at(Float::INFINITY) }
