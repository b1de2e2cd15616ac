def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

show { Math.sqrt(-1) }
show { Math.log(-1) }
show { Math.log(8, -2) }
show { Math.log2(-1) }
show { Math.log10(-0.5) }
show { Math.acos(2) }
show { Math.asin(-1.5) }
show { Math.acosh(0.5) }
show { Math.atanh(1.5) }
show { Math.log(-(2**1100)) }
show { Math.gamma(-1) }
show { Math.lgamma(-Float::INFINITY) }
p Math.sqrt(Float::NAN).nan?
