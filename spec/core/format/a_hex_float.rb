[1.0, 0.5, 0.1, 2.0, -3.75, 1e300, 5e-324, 0.0, 123.456].each do |x|
  puts format("%a %A %.2a %#a %.0a", x, x, x, x, x)
end
p format("%20a|", 1.0)
p format("%-20a|", 1.0)
p format("%020a", -1.0)
