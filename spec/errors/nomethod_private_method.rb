def helper
  "helped"
end
puts helper
5.helper
