# Arguments that are not numbers: TypeError, as MRI converts them.
def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { Random.new("1") }
try { Random.new(nil) }
try { Random.rand("a") }
try { Random.rand("a".."c") }
try { rand("a".."c") }
try { rand("5") }
try { srand("x") }
try { Random.new(1).bytes("2") }
try { [1, 2].sample("1") }
try { [1, 2].sample(nil) }
