def try
  yield
  "ok"
rescue StandardError => e
  "StandardError caught #{e.class}"
rescue Exception => e
  "Exception caught #{e.class}"
end

puts try { raise "x" }
puts try { raise NoMethodError, "nm" }
puts try { raise NotImplementedError }
puts try { raise ScriptError }
puts try { raise Exception }
puts try { nil.upcase }
puts try { :fine }
