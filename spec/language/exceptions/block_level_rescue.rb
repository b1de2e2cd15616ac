r = [1, 0, 5].map do |x|
  10 / x
rescue ZeroDivisionError
  :inf
end
p r
l = lambda do
  raise "in lambda"
rescue => e
  "lambda rescued #{e.message}"
ensure
  puts "lambda ensure"
end
p l.call
