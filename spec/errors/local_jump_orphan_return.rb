def make_returner
  proc { return 1 }
end

r = make_returner
puts "calling"
r.call
