# A negative Float to a fractional power is a Complex in MRI; rhizome
# raises NotImplementedError instead of giving a wrong answer.
p((-8.0) ** 3)
begin
  (-8.0) ** (1.0 / 3)
rescue NotImplementedError => e
  puts "#{e.class}: #{e.message}"
end
p((-2) ** 0.5)
