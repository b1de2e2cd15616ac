def process(x)
  puts "processing #{x}"
  10 / x
rescue ZeroDivisionError => e
  puts "rescue: #{e.message}"
  :div_zero
else
  puts "else"
  :ok
ensure
  puts "ensure"
end

p process(2)
p process(0)
