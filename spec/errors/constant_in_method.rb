def depth
  Undefined
end
puts "calling"
depth
