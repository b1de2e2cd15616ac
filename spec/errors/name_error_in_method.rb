def compute(value)
  value + missing_var
end
puts "computing"
compute(1)
