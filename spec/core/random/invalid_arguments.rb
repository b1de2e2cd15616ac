# Random#rand and Random.rand reject limits Kernel#rand accepts.
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
r = Random.new(1)
try { r.rand(0) }
try { r.rand(-1) }
try { r.rand(-2.5) }
try { r.rand(nil) }
try { r.rand(5..1) }
try { r.rand(1...1) }
try { r.rand(1.0...1.0) }
try { Random.rand(-(2**70)) }
try { Random.rand(0) }
try { r.rand(1, 2) }
try { Random.new(1, 2) }
