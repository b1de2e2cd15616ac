# Infinite, NaN and endless limits: Errno::EDOM (FloatDomainError when
# Kernel#rand converts a Float to an Integer).
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { Random.rand(Float::INFINITY) }
try { Random.rand(Float::NAN) }
try { Random.rand(1..) }
try { Random.rand(..1) }
try { rand(1..nil) }
try { Random.rand(0.0..Float::INFINITY) }
try { rand(Float::INFINITY) }
try { rand(Float::NAN) }
p Errno::EDOM.new.message, Errno::EDOM::Errno
