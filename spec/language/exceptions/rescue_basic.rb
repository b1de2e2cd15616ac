begin
  raise "something failed"
rescue => e
  p e
  p e.message
  p e.class
end
begin
  1 / 0
rescue ZeroDivisionError => e
  puts "caught #{e.message}"
end
r = begin
  Integer("x") rescue :not_a_number
end
p r
puts "after"
