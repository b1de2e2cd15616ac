# Integer powers with a negative exponent are Rationals in MRI; rhizome
# raises NotImplementedError instead of giving a wrong answer.
p 2 ** 2
p 1 ** -1
begin
  2 ** -1
rescue NotImplementedError => e
  puts "#{e.class}: #{e.message}"
end
p 2 ** -1
