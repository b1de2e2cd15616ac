def risky
  raise ArgumentError, "first"
rescue ArgumentError => e
  e.no_such_method_here
end
risky
